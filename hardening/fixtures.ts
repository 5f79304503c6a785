// Buyers with checkouts ready to complete, written straight into a database the shop
// processes share.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { productVariants } from '../server/modules/catalogue/catalogue.tables';
import { createCustomer, readyCheckout } from '../server/modules/checkout/checkout.fixtures';
import { orderLines } from '../server/modules/orders/orders.tables';
import type { TestApi } from '../server/testing/test-api';

export const COMPLETE = /* GraphQL */ `
  mutation Complete($checkoutId: ID!) {
    checkoutComplete(checkoutId: $checkoutId) {
      order { id number status }
      errors { field message }
    }
  }
`;

export type CompleteAnswer = {
  checkoutComplete: { order: { id: string; number: string; status: string } | null; errors: { field: string | null; message: string }[] } | null;
};

export type Buyer = { token: string; checkoutId: string };

/** `count` verified customers, each with a ready checkout of one unit of the variant. */
export async function readyBuyers(api: TestApi, variantId: number, count: number, concurrency = 16): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(concurrency, count - start) }, async () => {
        const customer = await createCustomer(api);
        const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }]);
        return { token: customer.token, checkoutId: encodeGlobalID('Checkout', checkoutId) };
      }),
    );
    buyers.push(...batch);
  }
  return buyers;
}

export async function stockOf(db: Database, variantId: number): Promise<number> {
  const [row] = await db.select({ stock: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId));
  return row!.stock;
}

/** Units of the variant on orders, and on how many orders. */
export async function soldOf(db: Database, variantId: number): Promise<{ units: number; orders: number }> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`, orders: sql<number>`count(distinct ${orderLines.orderId})::int` })
    .from(orderLines)
    .where(eq(orderLines.variantId, variantId));
  return { units: row!.units, orders: row!.orders };
}
