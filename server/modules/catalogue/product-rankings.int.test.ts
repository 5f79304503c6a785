// Each product's review sum and count are kept on products by triggers (migration 0037,
// docs/decisions/057-product-rankings.md), so "best rated" reads an index. Every way a review is
// written must keep them equal to what the reviews say: added, re-rated by the upsert, moved,
// removed, many at once, truncated.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { reviews } from '../reviews/reviews.tables';
import { createTestProduct } from './catalogue.fixtures';
import { products } from './catalogue.tables';

let api: TestApi;
let a: number;
let b: number;

beforeAll(async () => {
  api = await createTestApi();
  a = (await createTestProduct(api.db, { name: 'Ranked Alpha', basePrice: 1_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
  b = (await createTestProduct(api.db, { name: 'Ranked Beta', basePrice: 2_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
});
afterAll(() => api.close());

type Kept = { ratingSum: number; reviewCount: number; ratingAverage: number };

async function kept(db: Database, id: number): Promise<Kept> {
  const [row] = await db
    .select({ ratingSum: products.ratingSum, reviewCount: products.reviewCount, ratingAverage: products.ratingAverage })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

/** What the reviews themselves say, as the listing's join computed it before. */
async function truth(db: Database, id: number): Promise<Kept> {
  const result = await db.execute(sql`SELECT
      coalesce((SELECT sum(rating) FROM reviews WHERE product_id = ${id}), 0)::int AS "ratingSum",
      (SELECT count(*) FROM reviews WHERE product_id = ${id})::int AS "reviewCount",
      coalesce((SELECT avg(rating)::float8 FROM reviews WHERE product_id = ${id}), 0) AS "ratingAverage"`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  return (result as unknown as { rows: Kept[] }).rows[0]!;
}

async function expectKept(id: number, expected: Partial<Kept>) {
  const row = await kept(api.db, id);
  expect(row).toMatchObject(expected);
  expect(row).toEqual(await truth(api.db, id));
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

describe('at once', () => {
  it('counts every one of 20 reviews written concurrently (PostgreSQL: one pool, row locks)', async () => {
    const before = await kept(api.db, a);
    await Promise.all(Array.from({ length: 20 }, (_, i) => api.db.insert(reviews).values({ productId: a, userId: 700 + i, rating: 1 + (i % 5) })));
    await expectKept(a, { reviewCount: before.reviewCount + 20, ratingSum: before.ratingSum + 60 });
  });
});

describe('a truncation', () => {
  it('of reviews leaves every product at none', async () => {
    await api.db.insert(reviews).values({ productId: b, userId: 601, rating: 3 });
    await api.db.execute(sql`TRUNCATE reviews`);
    await expectKept(a, { ratingSum: 0, reviewCount: 0, ratingAverage: 0 });
    await expectKept(b, { ratingSum: 0, reviewCount: 0, ratingAverage: 0 });
  });
});
