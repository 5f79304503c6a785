// checkoutComplete under concurrency: stock is never oversold, a checkout becomes one order,
// a voucher with usage limit 1 is used once. Runs on PGlite and PostgreSQL (real parallelism).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../catalogue/catalogue.tables';
import { orders } from '../orders/orders.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { vouchers, voucherUsages } from './checkout.tables';
import { createCustomer, createVariant, readyCheckout, seedZones } from './checkout.fixtures';
import { encodeGlobalID } from '@pothos/plugin-relay';

const COMPLETE = /* GraphQL */ `
  mutation Complete($checkoutId: ID!) {
    checkoutComplete(checkoutId: $checkoutId) {
      order {
        id
        number
        referenceKey
        status
        total {
          gross {
            amount
          }
        }
      }
      errors {
        field
        message
      }
    }
  }
`;

type CompleteResult = {
  checkoutComplete: {
    order: { id: string; number: string; referenceKey: string; status: string } | null;
    errors: { field: string | null; message: string }[];
  };
};

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
});
afterAll(() => api.close());

async function stockOf(variantId: number): Promise<number> {
  const [row] = await api.db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

describe('checkoutComplete under concurrency', () => {
  it('sells exactly the 10 units in stock to 50 customers completing at once', async () => {
    const variantId = await createVariant(api.db, { price: 1_000_00, stock: 10 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(api)));
    // Carts reserve nothing: all 50 customers can have the unit in their cart.
    const checkoutIds: number[] = [];
    for (const customer of customers) checkoutIds.push(await readyCheckout(customer, [{ variantId, quantity: 1 }]));
    expect(await stockOf(variantId)).toBe(10);

    const results = await Promise.all(
      customers.map((c, i) =>
        api.gql<CompleteResult>(
          COMPLETE,
          { checkoutId: encodeGlobalID('Checkout', checkoutIds[i]!) },
          { token: c.token },
        ),
      ),
    );
    const placed = results.filter((r) => r.data?.checkoutComplete.order);
    const refused = results.filter((r) => r.data?.checkoutComplete.errors.length);
    expect(results.every((r) => !r.errors)).toBe(true);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((r) => r.data!.checkoutComplete.errors[0]!.message))).toEqual(
      new Set(['Out of stock.']),
    );
    expect(await stockOf(variantId)).toBe(0);
    const [count] = await api.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(count!.n).toBe(10);
    expect(new Set(placed.map((r) => r.data!.checkoutComplete.order!.referenceKey)).size).toBe(10);
  });

  it('turns one checkout completed twice at the same time into one order', async () => {
    const variantId = await createVariant(api.db, { price: 500_00, stock: 5 });
    const customer = await createCustomer(api);
    const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 2 }]);
    const id = encodeGlobalID('Checkout', checkoutId);

    const [first, second] = await Promise.all([
      api.gql<CompleteResult>(COMPLETE, { checkoutId: id }, { token: customer.token }),
      api.gql<CompleteResult>(COMPLETE, { checkoutId: id }, { token: customer.token }),
    ]);
    expect(first!.data!.checkoutComplete.errors).toEqual([]);
    expect(second!.data!.checkoutComplete.errors).toEqual([]);
    expect(first!.data!.checkoutComplete.order!.id).toBe(second!.data!.checkoutComplete.order!.id);
    const rows = await api.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(rows).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(3);

    // And once more, later: still the same order.
    const third = await api.gql<CompleteResult>(COMPLETE, { checkoutId: id }, { token: customer.token });
    expect(third.data!.checkoutComplete.order!.id).toBe(first!.data!.checkoutComplete.order!.id);
    expect(await stockOf(variantId)).toBe(3);
  });

  it('uses a voucher with usage limit 1 once when two customers complete at the same time', async () => {
    const variantId = await createVariant(api.db, { price: 2_000_00, stock: 10 });
    const [voucher] = await api.db
      .insert(vouchers)
      .values({ code: 'ONCE', name: 'Once only', type: 'FIXED', value: 100_00, usageLimit: 1 })
      .returning();
    const buyers = await Promise.all([createCustomer(api), createCustomer(api)]);
    const ids: number[] = [];
    for (const buyer of buyers) {
      ids.push(await readyCheckout(buyer, [{ variantId, quantity: 1 }], { promoCode: 'once' }));
    }
    const results = await Promise.all(
      buyers.map((b, i) =>
        api.gql<CompleteResult>(COMPLETE, { checkoutId: encodeGlobalID('Checkout', ids[i]!) }, { token: b.token }),
      ),
    );
    const placed = results.filter((r) => r.data!.checkoutComplete.order);
    const refused = results.filter((r) => r.data!.checkoutComplete.errors.length > 0);
    expect(placed).toHaveLength(1);
    expect(refused.map((r) => r.data!.checkoutComplete.errors[0]!.message)).toEqual([
      'This promo code has reached its usage limit.',
    ]);
    const [after] = await api.db.select().from(vouchers).where(eq(vouchers.id, voucher!.id));
    expect(after!.used).toBe(1);
    const usages = await api.db.select().from(voucherUsages).where(eq(voucherUsages.voucherId, voucher!.id));
    expect(usages).toHaveLength(1);
    // The refused order left no trace: its stock is back.
    expect(await stockOf(variantId)).toBe(9);
  });
});
