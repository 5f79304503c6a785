// ADR 035: shoppers' answers report stock up to PUBLIC_STOCK_CAP, so an order that leaves
// a variant above it changes no public answer and no longer empties the visitors' caches
// (migration 0023), while a variant going low or selling out, a price or a name change is seen
// on the next request (the product's own answers dropped, ADR 053; a price or name of a variant
// still starts a new generation). Staff and the cart's own lines see the exact stock.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_STOCK_CAP } from '../../../common/catalogue/stock';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { users } from '../accounts/accounts.tables';
import { createCheckout } from '../checkout/checkout-lines.service';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { createTestProduct } from './catalogue.fixtures';
import { allocateStock } from './catalogue.service';
import { productVariants } from './catalogue.tables';

/** Notifications arrive after commit, on the database's own schedule: wait for the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const PRODUCT = `query($id: ID!) { product(id: $id) { name variants { stockQuantity isAvailable } } }`;
type ProductAnswer = { product: { name: string; variants: { stockQuantity: number; isAvailable: boolean }[] } };

let t: TestApi;
let customer: Customer;
let staff: Customer;
let productId: string;
let variantId: number;

beforeAll(async () => {
  t = await createTestApi();
  customer = await createCustomer(t);
  staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  const { product, variants } = await createTestProduct(t.db, { basePrice: 1_000_00, variants: [{ stockQuantity: 40 }] });
  productId = encodeGlobalID('Product', product.id);
  variantId = variants[0]!.id;
  await settle();
});
afterAll(() => t.close());

const generation = (): number => {
  const current = t.api.catalogueGeneration();
  if (current === null) throw new Error('the response cache is not hearing change notifications');
  return current;
};
const visitorAsks = async () => (await t.gql<ProductAnswer>(PRODUCT, { id: productId })).data!.product;
/** Takes units as an order does (the checkout's conditional decrement), then lets notifications land. */
async function sell(quantity: number) {
  await t.db.transaction((tx) => allocateStock({ ...customer.ctx, db: tx }, [{ variantId, quantity }]));
  await settle();
}
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = t.database.statementCount();
  await work();
  return t.database.statementCount() - before;
}

describe('stock shoppers see', () => {
  it('reports "6 or more" above the cap, so an order there changes no answer and keeps the cache', async () => {
    expect(await visitorAsks()).toEqual({ name: expect.any(String), variants: [{ stockQuantity: PUBLIC_STOCK_CAP, isAvailable: true }] });
    const before = generation();
    const changesBefore = t.api.productChanges.seq();
    await sell(1);
    await sell(32);
    // 40 -> 7: still "6 or more". Nothing was notified: the cached answer stays.
    expect(generation()).toBe(before);
    expect(t.api.productChanges.seq()).toBe(changesBefore);
    expect(await statementsOf(visitorAsks)).toBe(0);
    expect((await visitorAsks()).variants[0]!.stockQuantity).toBe(PUBLIC_STOCK_CAP);
    // 7 -> 6 is no visible change either.
    await sell(1);
    expect(generation()).toBe(before);
  });

  it('shows a variant going low and selling out on the next request', async () => {
    const before = generation();
    const changesBefore = t.api.productChanges.seq();
    await sell(1);
    // 6 -> 5: "Only 5 left" is visible now: a change to this product alone, not a new
    // generation (ADR 053); its answers are dropped.
    expect(t.api.productChanges.seq()).toBeGreaterThan(changesBefore);
    expect(generation()).toBe(before);
    expect((await visitorAsks()).variants[0]).toEqual({ stockQuantity: 5, isAvailable: true });
    await sell(5);
    expect((await visitorAsks()).variants[0]).toEqual({ stockQuantity: 0, isAvailable: false });
  });

  it('still sees any other change of a variant at once (price, name)', async () => {
    await t.db.update(productVariants).set({ stockQuantity: 40 }).where(eq(productVariants.id, variantId));
    await settle();
    const before = generation();
    await t.db.update(productVariants).set({ addedPrice: 500_00 }).where(eq(productVariants.id, variantId));
    await settle();
    expect(generation()).toBeGreaterThan(before);
    const renamed = generation();
    await t.db.execute(sql`update product_variants set name = 'Midnight' where id = ${variantId}`);
    await settle();
    expect(generation()).toBeGreaterThan(renamed);
  });
});

describe('stock staff and the cart see', () => {
  it('gives staff the exact stock, and the same query to a customer the capped one', async () => {
    const asStaff = await t.gql<ProductAnswer>(PRODUCT, { id: productId }, { token: staff.token });
    const asCustomer = await t.gql<ProductAnswer>(PRODUCT, { id: productId }, { token: customer.token });
    expect(asStaff.data!.product.variants[0]!.stockQuantity).toBe(40);
    expect(asCustomer.data!.product.variants[0]!.stockQuantity).toBe(PUBLIC_STOCK_CAP);
  });

  it("gives a cart line its variant's exact stock", async () => {
    await createCheckout(customer.ctx, { lines: [{ variantId, quantity: 2 }] });
    const cart = await t.gql<{ me: { checkout: { lines: { quantityAvailable: number; variant: { stockQuantity: number } }[] } } }>(
      `{ me { checkout { lines { quantityAvailable variant { stockQuantity } } } } }`,
      {},
      { token: customer.token },
    );
    expect(cart.data!.me.checkout.lines).toEqual([{ quantityAvailable: 40, variant: { stockQuantity: PUBLIC_STOCK_CAP } }]);
  });
});
