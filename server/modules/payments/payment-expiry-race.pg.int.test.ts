// A webhook that pays an order and the expiry job that cancels it, at the same moment on two
// replicas (two connection pools): exactly one wins. Either the order is paid and stays open,
// or it is cancelled (stock returned) and the late payment is recorded but not applied.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { databaseUrl } from '../../testing/test-database';
import { productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { expireUnpaidOrder } from '../orders/payment-expiry.service';
import { orders } from '../orders/orders.tables';
import { recordPaymentEvent } from './payment-events.service';
import { paymentEvents, payments } from './payments.tables';

let t: TestApi;
let replica: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApi();
  replica = await openDatabase({ url: databaseUrl(t.database.name) }, { onIdleError: () => {} });
  await seedZones(t.db);
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

describe('payment events and expiry race', () => {
  it('a paying webhook and the expiry of the same order: exactly one wins, every time', async () => {
    const customer = await createCustomer(t);
    const winners = { paid: 0, expired: 0 };
    for (let round = 0; round < 12; round++) {
      const variantId = await createVariant(t.db, { price: 300_00, stock: 4 });
      const { order } = await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId, quantity: 2 }], { gateway: 'Bank Deposit' }));
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      await t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
      const event = {
        provider: 'sandbox',
        eventId: `evt_race_${order.id}`,
        type: 'PAID' as const,
        paymentId: payment!.id,
        orderReference: order.referenceKey,
        amount: payment!.total,
        currency: 'PHP',
        payload: {},
      };
      const webhook = { ...t.serviceContext(), db: replica.db };
      // Alternate who starts first, so both orders of arrival are exercised.
      const [expired, recorded] =
        round % 2 === 0
          ? await Promise.all([expireUnpaidOrder(t.serviceContext(), order.id), recordPaymentEvent(webhook, event)])
          : await Promise.all([recordPaymentEvent(webhook, event), expireUnpaidOrder(t.serviceContext(), order.id)]).then(([r, e]) => [e, r] as const);

      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      const [paymentAfter] = await t.db.select().from(payments).where(eq(payments.id, payment!.id));
      const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
      const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
      if (expired) {
        winners.expired++;
        expect(after!.status).toBe('CANCELED');
        // The expiry's own ledger entry (ADR 045), and the late provider event recorded, not applied.
        expect(paymentAfter!.chargeStatus).toBe('FAILED');
        expect(events.map((e) => `${e.provider}:${e.type}:${e.outcome}`).sort()).toEqual(['sandbox:PAID:IGNORED', 'shop:EXPIRED:APPLIED']);
        expect(recorded.outcome).toBe('IGNORED');
        expect(variant!.stockQuantity).toBe(4);
      } else {
        winners.paid++;
        expect(events).toHaveLength(1);
        expect(after!.status).toBe('UNFULFILLED');
        expect(paymentAfter!.chargeStatus).toBe('FULLY_CHARGED');
        expect(recorded.outcome).toBe('APPLIED');
        expect(variant!.stockQuantity).toBe(2);
      }
    }
    expect(winners.paid + winners.expired).toBe(12);
  }, 60_000);
});
