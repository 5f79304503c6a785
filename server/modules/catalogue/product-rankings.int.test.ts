// Each product's review sum and count and its units sold are kept on products by triggers
// (migration 0037, docs/decisions/057-product-rankings.md), so "best rated" and "best selling" read
// an index. Every way a review or an order is written must keep them equal to what the reviews and
// order lines say: a review added, re-rated by its upsert, moved, removed; an order placed with
// its lines in one statement, cancelled, rejected, reopened, deleted; a line added to a cancelled
// order; a truncation. Units sold never empty the product's cached answers (ADR 053).
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { orderLines, orders } from '../orders/orders.tables';
import { reviews } from '../reviews/reviews.tables';
import { createTestProduct } from './catalogue.fixtures';
import { products } from './catalogue.tables';

let api: TestApi;
let a: number;
let b: number;
let nextCheckout = 70_000;

beforeAll(async () => {
  api = await createTestApi();
  a = (await createTestProduct(api.db, { name: 'Ranked Alpha', basePrice: 1_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
  b = (await createTestProduct(api.db, { name: 'Ranked Beta', basePrice: 2_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
});
afterAll(() => api.close());

type Kept = { ratingSum: number; reviewCount: number; ratingAverage: number; unitsSold: number };

async function kept(db: Database, id: number): Promise<Kept> {
  const [row] = await db
    .select({ ratingSum: products.ratingSum, reviewCount: products.reviewCount, ratingAverage: products.ratingAverage, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

/** What the reviews and order lines themselves say, as the listing's join computed it before. */
async function truth(db: Database, id: number): Promise<Kept> {
  const result = await db.execute(sql`SELECT
      coalesce((SELECT sum(rating) FROM reviews WHERE product_id = ${id}), 0)::int AS "ratingSum",
      (SELECT count(*) FROM reviews WHERE product_id = ${id})::int AS "reviewCount",
      coalesce((SELECT avg(rating)::float8 FROM reviews WHERE product_id = ${id}), 0) AS "ratingAverage",
      coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = ${id} AND o.status NOT IN ('CANCELED', 'REJECTED')), 0)::int AS "unitsSold"`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  return (result as unknown as { rows: Kept[] }).rows[0]!;
}

async function expectKept(id: number, expected: Partial<Kept>) {
  const row = await kept(api.db, id);
  expect(row).toMatchObject(expected);
  expect(row).toEqual(await truth(api.db, id));
}

/** An order placed as checkout places it: the order and its lines in one statement. */
async function placeOrder(lines: { productId: number; quantity: number }[], status: 'UNFULFILLED' | 'CANCELED' = 'UNFULFILLED'): Promise<number> {
  const checkoutId = nextCheckout++;
  const values = lines.map((l, i) => sql`((SELECT id FROM placed), 0, ${l.productId}, ${'line ' + i}, 'Only', ${'SKU' + i}, ${l.quantity}, 0, 0)`);
  const result = await api.db.execute(sql`WITH placed AS (${api.db.insert(orders).values({ referenceKey: `RANK${checkoutId}`, userId: 1, userEmail: 'rank@example.com', checkoutId, status, subtotal: 0, total: 0 }).returning({ id: orders.id }).getSQL()}),
    added AS (INSERT INTO order_lines (order_id, variant_id, product_id, product_name, variant_name, product_sku, quantity, unit_price, undiscounted_unit_price)
      VALUES ${sql.join(values, sql`, `)} RETURNING order_id)
    SELECT id FROM placed`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

describe('the review sum and count', () => {
  it('follow reviews added, re-rated by the upsert, moved and removed, with the average avg() gives', async () => {
    await expectKept(a, { ratingSum: 0, reviewCount: 0, ratingAverage: 0 });
    await api.db.insert(reviews).values([
      { productId: a, userId: 501, rating: 5 },
      { productId: a, userId: 502, rating: 4 },
      { productId: a, userId: 503, rating: 4 },
    ]);
    await expectKept(a, { ratingSum: 13, reviewCount: 3, ratingAverage: 13 / 3 });
    // addReview's second call from the same customer: the upsert re-rates, it adds no review.
    await api.db
      .insert(reviews)
      .values({ productId: a, userId: 501, rating: 1 })
      .onConflictDoUpdate({ target: [reviews.productId, reviews.userId], set: { rating: 1 } });
    await expectKept(a, { ratingSum: 9, reviewCount: 3 });
    await api.db.update(reviews).set({ note: 'only the note' }).where(eq(reviews.userId, 502));
    await expectKept(a, { ratingSum: 9, reviewCount: 3 });
    await api.db.update(reviews).set({ productId: b }).where(eq(reviews.userId, 503));
    await expectKept(a, { ratingSum: 5, reviewCount: 2, ratingAverage: 2.5 });
    await expectKept(b, { ratingSum: 4, reviewCount: 1, ratingAverage: 4 });
    // The privacy erasure removes a customer's reviews.
    await api.db.delete(reviews).where(inArray(reviews.userId, [501, 502, 503]));
    await expectKept(a, { ratingSum: 0, reviewCount: 0, ratingAverage: 0 });
    await expectKept(b, { ratingSum: 0, reviewCount: 0, ratingAverage: 0 });
  });
});

describe('the units sold', () => {
  it('follow orders placed, cancelled, rejected, reopened and deleted, and never empty the product’s answers', async () => {
    const generation = api.api.catalogueGeneration();
    const dropped: string[][] = [];
    api.api.productChanges.listen((tags) => dropped.push([...tags]));

    const first = await placeOrder([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
      { productId: a, quantity: 3 },
    ]);
    await expectKept(a, { unitsSold: 5 });
    await expectKept(b, { unitsSold: 1 });
    const second = await placeOrder([{ productId: a, quantity: 4 }]);
    await expectKept(a, { unitsSold: 9 });
    // Placed already cancelled (as a seed may), and a line added to it later: neither counts.
    const cancelled = await placeOrder([{ productId: b, quantity: 7 }], 'CANCELED');
    await api.db.insert(orderLines).values({ orderId: cancelled, variantId: 0, productId: b, productName: 'late', variantName: 'Only', productSku: 'L', quantity: 2, unitPrice: 0, undiscountedUnitPrice: 0 });
    await expectKept(b, { unitsSold: 1 });

    await api.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, first));
    await expectKept(a, { unitsSold: 4 });
    await expectKept(b, { unitsSold: 0 });
    // Closed to closed moves nothing; reopened counts again.
    await api.db.update(orders).set({ status: 'REJECTED' }).where(eq(orders.id, first));
    await expectKept(a, { unitsSold: 4 });
    await api.db.update(orders).set({ status: 'UNFULFILLED' }).where(eq(orders.id, first));
    await expectKept(a, { unitsSold: 9 });
    await api.db.update(orders).set({ status: 'REJECTED' }).where(eq(orders.id, second));
    await expectKept(a, { unitsSold: 5 });
    await api.db.update(orderLines).set({ quantity: 10 }).where(eq(orderLines.orderId, first));
    await expectKept(a, { unitsSold: 20 });
    await expectKept(b, { unitsSold: 10 });
    // An order deleted with its lines (the cascade) takes its units back.
    await api.db.delete(orders).where(eq(orders.id, first));
    await expectKept(a, { unitsSold: 0 });
    await expectKept(b, { unitsSold: 0 });

    // Notifications arrive after commit: give them a moment, then none may have come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dropped).toEqual([]);
    expect(api.api.catalogueGeneration()).toBe(generation);
  });
});

describe('at once', () => {
  it('counts every one of 20 orders placed, 10 cancelled and 20 reviews written concurrently (PostgreSQL: one pool, row locks)', async () => {
    const before = await kept(api.db, a);
    const placed = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder([{ productId: a, quantity: 1 + (i % 3) }, { productId: b, quantity: 1 }])));
    await Promise.all([
      ...placed.slice(0, 10).map((id) => api.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, id))),
      ...Array.from({ length: 20 }, (_, i) => api.db.insert(reviews).values({ productId: a, userId: 700 + i, rating: 1 + (i % 5) })),
    ]);
    const units = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => 1 + ((from + k) % 3)).reduce((x, y) => x + y, 0);
    await expectKept(a, { unitsSold: before.unitsSold + units(10, 20), reviewCount: before.reviewCount + 20, ratingSum: before.ratingSum + 60 });
    await expectKept(b, {});
  });
});

describe('a truncation', () => {
  it('of reviews or order lines leaves every product at none', async () => {
    await api.db.insert(reviews).values({ productId: a, userId: 601, rating: 3 });
    await placeOrder([{ productId: b, quantity: 2 }]);
    await api.db.execute(sql`TRUNCATE reviews`);
    await api.db.execute(sql`TRUNCATE orders CASCADE`);
    await expectKept(a, { ratingSum: 0, reviewCount: 0, unitsSold: 0 });
    await expectKept(b, { ratingSum: 0, reviewCount: 0, unitsSold: 0 });
  });
});
