// The sales invoice series has no gap and no repeat (docs/decisions/052-sales-invoices.md): 200
// orders invoiced at once, half through a second connection pool (another process's, on
// PostgreSQL), with some issues rolled back in between; the numbers are exactly 1..200.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { databaseUrl, testDriver } from '../../testing/test-database';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { ADDRESS } from '../checkout/checkout.fixtures';
import { createOrderFromCheckout } from '../orders/orders.service';
import { issueCreditMemo, issueSalesInvoice } from './sales-invoices.service';
import { creditMemos, documentSeries, salesInvoices } from './sales-invoices.tables';

let t: TestApi;
let other: DatabaseHandle | null = null;

beforeAll(async () => {
  t = await createTestApi();
  // On PostgreSQL a second pool on the same database, as a second process has; PGlite is one connection.
  if (testDriver() === 'postgres') other = await openDatabase({ url: databaseUrl(t.database.name) }, { onIdleError: () => {} });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

async function newOrder(index: number): Promise<number> {
  const ctx = t.serviceContext();
  const { order } = await createOrderFromCheckout(ctx, {
    userId: 1,
    userEmail: `serial-${index}@example.com`,
    checkoutId: 1_000_000 + index,
    shippingMethod: null,
    totals: { subtotal: 10000 + index, shippingPrice: 0, estimatedShippingFee: 0, hasInsurance: false, insurance: 0, cashOnDeliveryFee: 0, paypalFee: 0, discount: 0, total: 10000 + index },
    discountName: null,
    voucherCode: null,
    gateway: 'Bank Deposit',
    paymentDueAt: null,
    lines: [
      { variantId: 1, productId: 1, productName: 'Phone', brandName: null, variantName: 'Black', productSku: `SKU-${index}`, quantity: 1, unitPrice: 10000 + index, undiscountedUnitPrice: 10000 + index, thumbnailUrl: null, isPreOrder: false },
    ],
    shippingAddress: null,
    billingAddress: { ...ADDRESS },
  });
  return order.id;
}

class RolledBack extends Error {}

it('200 orders invoiced at once over two connections, some issues rolled back: serials 1..200, no gap, no repeat', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 200; i++) ids.push(await newOrder(i));
  const contexts: ServiceContext[] = [t.serviceContext(), other ? { ...t.serviceContext(), db: other.db } : t.serviceContext()];

  // Every fifth order is first issued in a transaction that then fails: its number must come back.
  const attempts = ids.map(async (orderId, i) => {
    const ctx = contexts[i % 2]!;
    if (i % 5 === 0) {
      await expect(
        ctx.db.transaction(async (db) => {
          await issueSalesInvoice({ ...ctx, db }, orderId);
          throw new RolledBack('the payment could not be recorded');
        }),
      ).rejects.toBeInstanceOf(RolledBack);
    }
    return issueSalesInvoice(ctx, orderId);
  });
  const issued = await Promise.all(attempts);

  const rows = await t.db.select({ serial: salesInvoices.serial, number: salesInvoices.number, orderId: salesInvoices.orderId }).from(salesInvoices);
  expect(rows).toHaveLength(200);
  const serials = rows.map((r) => r.serial).sort((a, b) => a - b);
  expect(serials).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(new Set(rows.map((r) => r.number)).size).toBe(200);
  expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set(ids));
  expect(issued.map((r) => r.orderId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

  // Invoicing an order again answers its invoice, and takes no number.
  const again = await issueSalesInvoice(t.serviceContext(), ids[7]!);
  expect(again.serial).toBe(rows.find((r) => r.orderId === ids[7])!.serial);
  const [series] = await t.db.select().from(documentSeries).where(eq(documentSeries.series, 'SI'));
  expect(series!.nextNumber).toBe(201);

  // Credit memos have their own series: 40 refunds at once over both connections, numbered 1..40.
  await Promise.all(ids.slice(0, 40).map((orderId, i) => issueCreditMemo(contexts[i % 2]!, { refundId: 5000 + i, orderId, amount: 1000, reason: 'Refund' })));
  const memos = await t.db.select({ serial: creditMemos.serial }).from(creditMemos);
  expect(memos.map((m) => m.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
}, 180_000);
