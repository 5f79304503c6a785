// Payment expiry (docs/product/orders-and-payments.md#payment-expiry): an unpaid order is cancelled once when its
// gateway's window lapses, with its stock returned and a status log the customer sees; the
// customer is reminded once before; a paid order, or one whose deposit slip awaits review,
// is left alone; racing runs cancel once.
import { eq } from 'drizzle-orm';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRunner } from '../../jobs/job-runner';
import { JOB_SCHEMA } from '../../jobs/job-sql';
import { waitFor } from '../../jobs/job-testing';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { listEmails } from '../notifications/notifications.service';
import { payments } from '../payments/payments.tables';
import { expireUnpaidOrder, expireUnpaidOrderJob, expiryNote, remindUnpaidOrder, remindUnpaidOrderJob } from './payment-expiry.service';
import { orders, orderStatusLogs } from './orders.tables';

let t: TestApi;
let alice: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  alice = await createCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(gateway = 'Bank Deposit', options: { delivery?: boolean } = {}) {
  const variantId = await createVariant(t.db, { price: 500_00, stock: 10 });
  const placed = await completeCheckout(alice.ctx, await readyCheckout(alice, [{ variantId, quantity: 3 }], { gateway, ...options }));
  return { order: placed.order, variantId };
}

const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const logsOf = (id: number) => t.db.select().from(orderStatusLogs).where(eq(orderStatusLogs.orderId, id));
/** Moves the order's deadline into the past, as if the window had lapsed. */
const lapse = (id: number) => t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1000) }).where(eq(orders.id, id));
const emailsOf = async (template: string, referenceKey: string) =>
  (await listEmails(t.db, { to: alice.user.email })).filter((e) => e.template === template && e.subject.includes(referenceKey));
const ctx = () => t.serviceContext();

describe('payment expiry', () => {
  it('queues the reminder at 75% and the expiry at the end of the window in the checkout transaction', async () => {
    const before = Date.now();
    const { order } = await placeOrder('Bank Deposit');
    const due = (await orderRow(order.id)).paymentDueAt!;
    expect(due.getTime() - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(due.getTime() - before).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
    const { rows } = await t.database.executeSql(
      `SELECT name, start_after FROM ${JOB_SCHEMA}.job WHERE data->>'orderId' = $1 ORDER BY start_after`,
      [String(order.id)],
    );
    expect(rows.map((r) => r.name)).toEqual([remindUnpaidOrderJob.name, expireUnpaidOrderJob.name]);
    const startAfter = rows.map((r) => new Date(r.start_after as string).getTime());
    expect(Math.abs(startAfter[1]! - due.getTime())).toBeLessThan(1000);
    expect(Math.abs(startAfter[0]! - (before + 36 * 3600_000))).toBeLessThan(60_000);
  });

  it('sets no deadline for Cash on Delivery', async () => {
    const { order } = await placeOrder('Cash on Delivery', { delivery: true });
    expect((await orderRow(order.id)).paymentDueAt).toBeNull();
    await lapse(order.id);
    await t.db.update(orders).set({ paymentDueAt: null }).where(eq(orders.id, order.id));
    expect(await expireUnpaidOrder(ctx(), order.id)).toBeNull();
    expect((await orderRow(order.id)).status).toBe('UNFULFILLED');
  });

  it('leaves an order alone before its deadline', async () => {
    const { order, variantId } = await placeOrder();
    expect(await expireUnpaidOrder(ctx(), order.id)).toBeNull();
    expect((await orderRow(order.id)).status).toBe('UNFULFILLED');
    expect(await stockOf(variantId)).toBe(7);
  });

  it('cancels a lapsed unpaid order once, returns its stock and tells the customer why', async () => {
    const { order, variantId } = await placeOrder();
    expect(await stockOf(variantId)).toBe(7);
    await lapse(order.id);
    const applied = await expireUnpaidOrder(ctx(), order.id);
    expect(applied?.to).toBe('CANCELED');
    expect(await expireUnpaidOrder(ctx(), order.id)).toBeNull();

    expect((await orderRow(order.id)).status).toBe('CANCELED');
    expect((await orderRow(order.id)).isRead).toBe(false);
    expect(await stockOf(variantId)).toBe(10);
    const expired = (await logsOf(order.id)).filter((l) => l.event === 'expire');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ status: 'CANCELED', actorUserId: null, note: expiryNote(48 * 60) });
    expect(expiryNote(48 * 60)).toBe('Cancelled automatically: the payment was not received within 48 hours.');
    const statusEmails = await emailsOf('order_status', order.referenceKey);
    expect(statusEmails).toHaveLength(1);
    expect(statusEmails[0]!.text).toContain(expiryNote(48 * 60));
    // The customer sees it in the order's status history.
    const seen = await t.gql<{ order: { status: string; statusLogs: { status: string; note: string | null }[] } }>(
      `query($id: ID!) { order(id: $id) { status statusLogs { status note } } }`,
      { id: encodeGlobalID('Order', order.id) },
      { token: alice.token },
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.order.status).toBe('CANCELED');
    expect(seen.data!.order.statusLogs.at(-1)).toEqual({ status: 'CANCELED', note: expiryNote(48 * 60) });
  });

  it('never expires a paid order, nor one whose deposit slip awaits review', async () => {
    const paid = await placeOrder();
    await t.db.update(payments).set({ chargeStatus: 'FULLY_CHARGED' }).where(eq(payments.orderId, paid.order.id));
    const slip = await placeOrder();
    await t.db.update(orders).set({ proofOfBillingPath: 'proof/slip.jpg' }).where(eq(orders.id, slip.order.id));
    for (const { order, variantId } of [paid, slip]) {
      await lapse(order.id);
      expect(await expireUnpaidOrder(ctx(), order.id)).toBeNull();
      expect(await remindUnpaidOrder(ctx(), order.id)).toBe(false);
      expect((await orderRow(order.id)).status).toBe('UNFULFILLED');
      expect(await stockOf(variantId)).toBe(7);
    }
  });

  it('never expires an order that moved on (confirmed by staff)', async () => {
    const { order } = await placeOrder();
    await t.db.update(orders).set({ status: 'UNFULFILLED_ORDER_CONFIRMED' }).where(eq(orders.id, order.id));
    await lapse(order.id);
    expect(await expireUnpaidOrder(ctx(), order.id)).toBeNull();
    expect((await orderRow(order.id)).status).toBe('UNFULFILLED_ORDER_CONFIRMED');
  });

  it('reminds the customer once', async () => {
    const { order } = await placeOrder();
    const results = await Promise.all([remindUnpaidOrder(ctx(), order.id), remindUnpaidOrder(ctx(), order.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await remindUnpaidOrder(ctx(), order.id)).toBe(false);
    const reminders = await emailsOf('payment_reminder', order.referenceKey);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('We have not received the payment of ₱1,500.00');
    expect((await orderRow(order.id)).paymentReminderSentAt).not.toBeNull();
  });

  it('cancels once when several runs race (stock returned once)', async () => {
    const { order, variantId } = await placeOrder();
    await lapse(order.id);
    const results = await Promise.all(Array.from({ length: 4 }, () => expireUnpaidOrder(ctx(), order.id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(10);
    expect((await logsOf(order.id)).filter((l) => l.event === 'expire')).toHaveLength(1);
  });

  it('is done by the queued jobs: reminder, then cancellation', async () => {
    const { order, variantId } = await placeOrder();
    const runner = await startJobRunner({
      database: t.database,
      config: { ...t.config, jobsPollSeconds: 0.5 },
      log: t.serviceContext().log,
      jobs: [remindUnpaidOrderJob, expireUnpaidOrderJob],
    });
    try {
      // Time passes: the reminder is due.
      await t.database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND data->>'orderId' = $2`, [
        remindUnpaidOrderJob.name,
        String(order.id),
      ]);
      await waitFor(async () => (await emailsOf('payment_reminder', order.referenceKey)).length === 1, 10_000, 'the reminder');
      expect((await orderRow(order.id)).status).toBe('UNFULFILLED');
      // The window lapses.
      await lapse(order.id);
      await t.database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND data->>'orderId' = $2`, [
        expireUnpaidOrderJob.name,
        String(order.id),
      ]);
      await waitFor(async () => (await orderRow(order.id)).status === 'CANCELED', 10_000, 'the expiry');
      expect(await stockOf(variantId)).toBe(10);
      expect((await logsOf(order.id)).filter((l) => l.event === 'expire')).toHaveLength(1);
    } finally {
      await runner.stop(1000);
    }
  });
});
