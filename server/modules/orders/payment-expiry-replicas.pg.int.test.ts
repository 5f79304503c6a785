// Two replicas (two connection pools) expiring the same lapsed order at the same moment: one
// cancellation, the stock returned once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { databaseUrl } from '../../testing/test-database';
import { productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { expireUnpaidOrder, remindUnpaidOrder } from './payment-expiry.service';
import { orders, orderStatusLogs } from './orders.tables';

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

describe('payment expiry on two replicas', () => {
  it('cancels a lapsed order once and reminds once when both replicas race', async () => {
    const alice = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 200_00, stock: 5 });
    const { order } = await completeCheckout(alice.ctx, await readyCheckout(alice, [{ variantId, quantity: 2 }]));
    const contexts = [t.serviceContext(), { ...t.serviceContext(), db: replica.db }];

    const reminded = await Promise.all([...contexts, ...contexts].map((ctx) => remindUnpaidOrder(ctx, order.id)));
    expect(reminded.filter(Boolean)).toHaveLength(1);

    await t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    const expired = await Promise.all([...contexts, ...contexts, ...contexts].map((ctx) => expireUnpaidOrder(ctx, order.id)));
    expect(expired.filter((e) => e !== null)).toHaveLength(1);
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    expect(variant!.stockQuantity).toBe(5);
    const logs = await t.db.select().from(orderStatusLogs).where(eq(orderStatusLogs.orderId, order.id));
    expect(logs.filter((l) => l.event === 'expire')).toHaveLength(1);
  });
});
