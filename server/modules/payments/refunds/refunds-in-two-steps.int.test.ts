// Staff refunds in two steps (docs/decisions/041-refunds-in-two-steps.md): the
// refund is recorded pending and committed before the provider is asked, outside the order's
// lock, with the row's idempotency key; its answer is recorded in a second transaction. A
// database that fails after the provider refunded, or a process killed between the steps,
// leaves the refund pending, and the settle job (queued with the row) finishes it with the
// provider: never lost, never given back twice.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../../../graphql/context';
import { JOB_SCHEMA } from '../../../jobs/job-sql';
import { silentLog } from '../../../jobs/job-testing';
import type { Customer } from '../../checkout/checkout.fixtures';
import { listEmails } from '../../notifications/notifications.service';
import { refundOrder } from '../../orders/order-staff.service';
import { orders } from '../../orders/orders.tables';
import {
  createPaypalStaffHarness,
  decide,
  eventRows,
  paidPaypalOrder,
  paymentRow,
  placeOrder,
  type PaymentsHarness,
  type PaypalFake,
} from '../../../testing/payments.fixtures';
import { paymentRefunds, sandboxSessions } from '../payments.tables';
import { askProviderToRefund, settleRefundJob } from './refund-at-provider.service';
import { refundOrderPayment } from '../payments-staff.service';

let h: PaymentsHarness;
let staff: Customer;
let paypalFake: PaypalFake;
let close = async () => {};

beforeAll(async () => {
  ({ h, staff, paypalFake, close } = await createPaypalStaffHarness());
});
afterAll(() => close());

const refundsOf = (paymentId: number) => h.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const paypalRefundsOf = (captureId: string) => [...paypalFake.refunds.values()].filter((r) => r.captureId === captureId);
const refundEvents = async (paymentId: number) => (await eventRows(h.t, paymentId)).filter((e) => e.type === 'REFUNDED').map((e) => [e.provider, e.outcome, e.amount]);
const refundEmails = async (email: string, referenceKey: string) =>
  (await listEmails(h.t.db, { to: email })).filter((e) => e.template === 'payment_refunded' && e.subject.includes(referenceKey));
const queuedSettleJobs = async (refundId: number) =>
  (await h.t.database.executeSql(`SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'refundId' = $2`, [settleRefundJob.name, String(refundId)])).rows;

/** The settle job as the job runner runs it (it is queued to run a minute and a half later). */
const runSettleJob = (refundId: number) =>
  settleRefundJob.handler({ refundId }, { db: h.t.db, config: h.t.config, log: silentLog(), jobId: `test-${refundId}`, retryCount: 0 });

/**
 * Staff's context on a database whose commit fails once, for the first transaction that ends
 * after `happened()` turned true (here: after the provider made the refund). The transaction's
 * writes roll back, as a connection lost at COMMIT does.
 */
function commitFailsOnceAfter(ctx: ServiceContext, happened: () => boolean): ServiceContext {
  let failed = false;
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        target.transaction(async (tx) => {
          const result = await work(tx);
          if (!failed && happened()) {
            failed = true;
            throw new Error('the database connection was lost at COMMIT');
          }
          return result;
        }, config as never);
    },
  });
  return { ...ctx, db };
}

describe('refunds in two steps', () => {
  it('a provider that answers after the database failed: the refund stays pending, and the settle job settles it once', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    const failing = commitFailsOnceAfter(staff.ctx, () => paypalRefundsOf(placed.captureId).length > 0);

    await expect(refundOrder(failing, placed.orderId, { amount: 1000_00, reason: 'One item arrived damaged' })).rejects.toThrow(/lost at COMMIT/);
    // PayPal gave the money back; the shop still knows it asked, and holds the amount.
    expect(paypalRefundsOf(placed.captureId)).toHaveLength(1);
    const [pending] = await refundsOf(placed.paymentId);
    expect(pending).toMatchObject({ status: 'PENDING', amount: 1000_00, settledAt: null, providerRefundId: null, reason: 'One item arrived damaged' });
    expect(await queuedSettleJobs(pending!.id)).toHaveLength(1);
    // The order was not left locked by the provider call: another transaction takes its lock at once.
    await h.t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${orders} where ${orders.id} = ${placed.orderId} for update nowait`);
    });

    await runSettleJob(pending!.id);
    const [settled] = await refundsOf(placed.paymentId);
    expect(settled).toMatchObject({ status: 'COMPLETED', provider: 'paypal', providerRefundId: paypalRefundsOf(placed.captureId)[0]!.id });
    expect(settled!.settledAt).not.toBeNull();
    expect(await refundEvents(placed.paymentId)).toEqual([['paypal', 'APPLIED', 1000_00]]);
    expect(await refundEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(1);

    // The job again (a retry, another replica): nothing more, at PayPal or here.
    await runSettleJob(pending!.id);
    expect(paypalRefundsOf(placed.captureId)).toHaveLength(1);
    expect(await refundEvents(placed.paymentId)).toHaveLength(1);
    expect(await refundEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(1);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it('killed after the refund was recorded, before the provider was asked: the settle job asks it and settles the refund', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    const total = (await paymentRow(h.t, placed.paymentId)).total;
    // Step 1 commits; the process dies before step 2.
    const recorded = await h.t.db.transaction((db) => refundOrderPayment({ ...staff.ctx, db }, placed.orderId, { reason: 'Order returned' }));
    expect(recorded.refund).toMatchObject({ status: 'PENDING', settledAt: null, amount: total });
    expect(paypalRefundsOf(placed.captureId)).toHaveLength(0);
    expect(await queuedSettleJobs(recorded.refund.id)).toHaveLength(1);
    // Meanwhile the amount is held: no second refund of it.
    await expect(refundOrder(staff.ctx, placed.orderId, { amount: 1_00 })).rejects.toThrow(/Nothing is left to refund/);

    await runSettleJob(recorded.refund.id);
    expect(paypalRefundsOf(placed.captureId).map((r) => r.status)).toEqual(['COMPLETED']);
    expect((await refundsOf(placed.paymentId)).map((r) => [r.status, r.provider, r.settledAt !== null])).toEqual([['COMPLETED', 'paypal', true]]);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
    expect(await refundEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(1);
  });

  it('killed after the provider refunded, before its answer was recorded: the sandbox answers the same refund again, nothing more is given back', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await decide(placed.redirectUrl!, 'approve');
    await vi.waitFor(async () => expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED'), { timeout: 10_000, interval: 100 });
    const payment = await paymentRow(h.t, placed.paymentId);
    const session = async () => (await h.t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.providerReference!)))[0]!;

    const recorded = await h.t.db.transaction((db) => refundOrderPayment({ ...staff.ctx, db }, placed.orderId, { amount: 750_00 }));
    const answer = await askProviderToRefund(staff.ctx, payment, recorded.refund);
    expect(answer.kind).toBe('event');
    expect((await session()).refundedAmount).toBe(750_00);
    // The process dies here: the answer is never recorded.

    await runSettleJob(recorded.refund.id);
    expect((await session()).refundedAmount).toBe(750_00);
    const [row] = await h.t.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.id, recorded.refund.id)));
    expect(row).toMatchObject({ status: 'COMPLETED', provider: 'sandbox' });
    expect(row!.providerRefundId).toBe(answer.kind === 'event' ? answer.event.refundId : null);
    expect(await refundEvents(placed.paymentId)).toEqual([['sandbox', 'APPLIED', 750_00]]);
  });

  it('a provider that does not answer: staff are told the refund is pending, and the job finishes it when the provider is back', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    const baseUrl = h.t.config.providers.paypal!.baseUrl;
    h.t.config.providers.paypal!.baseUrl = 'http://127.0.0.1:9';
    try {
      await expect(refundOrder(staff.ctx, placed.orderId, { amount: 500_00 })).rejects.toThrow(/kept as pending/);
    } finally {
      h.t.config.providers.paypal!.baseUrl = baseUrl;
    }
    const [pending] = await refundsOf(placed.paymentId);
    expect(pending).toMatchObject({ status: 'PENDING', settledAt: null });
    await runSettleJob(pending!.id);
    expect((await refundsOf(placed.paymentId)).map((r) => r.status)).toEqual(['COMPLETED']);
    expect(paypalRefundsOf(placed.captureId)).toHaveLength(1);
  });
});
