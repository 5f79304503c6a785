// products(sortBy:) on a hand-made catalogue slice: each order, its ties, cursor paging across
// pages, and the combination with category, brand, price and search.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { orderLines, orders } from '../orders/orders.tables';
import { reviews } from '../reviews/reviews.tables';
import { refreshProductDerivedFields } from './catalogue.service';
import { brands, categories, products, productTypes, productVariants } from './catalogue.tables';
import { foldUnitsSold } from './units-sold.service';

let api: TestApi;

type Fixture = {
  key: string;
  /** Pesos. */
  price: number;
  brand: 'A' | 'B';
  category: 'parent' | 'child' | 'other';
  /** Days after 2026-01-01; products added the same day tie. */
  day: number;
  ratings?: number[];
  /** Units on live orders, and on a cancelled one (which does not count). */
  sold?: number;
  cancelled?: number;
  published?: boolean;
};

// Inserted in this order, so ids rise down the list.
const FIXTURES: Fixture[] = [
  { key: 'p1', price: 1000, brand: 'A', category: 'parent', day: 1, ratings: [5], sold: 3 },
  { key: 'p2', price: 500, brand: 'A', category: 'child', day: 2, ratings: [4, 4], sold: 10, cancelled: 50 },
  { key: 'p3', price: 1000, brand: 'B', category: 'parent', day: 3, ratings: [5, 5, 5], sold: 7 },
  { key: 'p4', price: 2000, brand: 'A', category: 'parent', day: 3, ratings: [5, 5, 5] },
  { key: 'p5', price: 1000, brand: 'A', category: 'parent', day: 4, sold: 3 },
  { key: 'p6', price: 300, brand: 'A', category: 'other', day: 5, ratings: [1], sold: 99 },
  { key: 'p7', price: 100, brand: 'A', category: 'parent', day: 6, published: false, sold: 5 },
  { key: 'p8', price: 750, brand: 'A', category: 'child', day: 6, ratings: [2] },
  { key: 'p9', price: 1500, brand: 'A', category: 'parent', day: 7, cancelled: 4 },
  { key: 'p10', price: 1000, brand: 'A', category: 'parent', day: 7, ratings: [5, 4], sold: 3 },
];

const ids = new Map<string, number>();
const gid = { category: '', child: '', brandA: '', brandB: '' };

beforeAll(async () => {
  api = await createTestApi();
  const db = api.db;
  const stamp = Date.now();
  const [type] = await db.insert(productTypes).values({ name: 'Sort type', slug: `sort-type-${stamp}` }).returning();
  const [brandA] = await db.insert(brands).values({ name: 'Sortbrand Alpha', slug: `sort-a-${stamp}` }).returning();
  const [brandB] = await db.insert(brands).values({ name: 'Sortbrand Beta', slug: `sort-b-${stamp}` }).returning();
  const [parent] = await db.insert(categories).values({ name: 'Sort Parent', slug: `sort-parent-${stamp}` }).returning();
  const [child] = await db
    .insert(categories)
    .values({ name: 'Sort Child', slug: `sort-child-${stamp}`, parentId: parent!.id, level: 1 })
    .returning();
  const [other] = await db.insert(categories).values({ name: 'Sort Other', slug: `sort-other-${stamp}` }).returning();
  const categoryIds = { parent: parent!.id, child: child!.id, other: other!.id };
  gid.category = encodeGlobalID('Category', parent!.id);
  gid.child = encodeGlobalID('Category', child!.id);
  gid.brandA = encodeGlobalID('Brand', brandA!.id);
  gid.brandB = encodeGlobalID('Brand', brandB!.id);

  for (const f of FIXTURES) {
    const [row] = await db
      .insert(products)
      .values({
        name: `Sortable ${f.key}`,
        slug: `sortable-${f.key}-${stamp}`,
        productTypeId: type!.id,
        brandId: f.brand === 'A' ? brandA!.id : brandB!.id,
        categoryId: categoryIds[f.category],
        basePrice: f.price * 100,
        isPublished: f.published ?? true,
        createdAt: new Date(Date.UTC(2026, 0, 1 + f.day)),
      })
      .returning();
    ids.set(f.key, row!.id);
    await db.insert(productVariants).values({ productId: row!.id, name: 'Only', sku: `SORT-${f.key}-${stamp}`, stockQuantity: 5 });
  }
  await refreshProductDerivedFields({ db }, [...ids.values()]);

  // Reviews by distinct (made-up) users: one review per customer and product.
  const reviewRows = FIXTURES.flatMap((f) => (f.ratings ?? []).map((rating, i) => ({ productId: ids.get(f.key)!, userId: 1000 + i, rating })));
  await db.insert(reviews).values(reviewRows);

  // One live order and one cancelled order carrying every product's units.
  let checkoutId = 90_000;
  for (const [status, units] of [['UNFULFILLED', (f: Fixture) => f.sold], ['CANCELED', (f: Fixture) => f.cancelled]] as const) {
    const [order] = await db
      .insert(orders)
      .values({ referenceKey: `SORT${checkoutId}`, userId: 1, userEmail: 'sort@example.com', checkoutId: checkoutId++, status, subtotal: 0, total: 0 })
      .returning();
    const lines = FIXTURES.filter((f) => units(f)).map((f) => ({
      orderId: order!.id,
      variantId: 0,
      productId: ids.get(f.key)!,
      productName: f.key,
      variantName: 'Only',
      productSku: f.key,
      // Two lines per product: the sum is what counts.
      quantity: units(f)! - 1,
      unitPrice: 0,
      undiscountedUnitPrice: 0,
    }));
    await db.insert(orderLines).values([...lines, ...lines.map((l) => ({ ...l, quantity: 1 }))]);
  }
  // The shop's job adds the units to products within a minute (ADR 058); here at once.
  await foldUnitsSold(db);
});
afterAll(() => api.close());

type Page = { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: { name: string } }[] };

const PRODUCTS = `query ($first: Int, $after: String, $categories: [ID!], $brand: ID, $query: String, $minimumPrice: Float, $maximumPrice: Float, $sortBy: ProductOrder) {
  products(first: $first, after: $after, categories: $categories, brand: $brand, query: $query, minimumPrice: $minimumPrice, maximumPrice: $maximumPrice, sortBy: $sortBy) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { name } }
  }
}`;

async function page(variables: Record<string, unknown>): Promise<Page> {
  const result = await api.gql<{ products: Page }>(PRODUCTS, variables);
  expect(result.errors).toBeUndefined();
  return result.data!.products;
}

const keys = (p: Page) => p.edges.map((e) => e.node.name.replace('Sortable ', ''));

describe('products(sortBy:)', () => {
  it('orders by lowest price, ties by id in the same direction', async () => {
    const vars = () => ({ first: 50, categories: [gid.category] });
    // p7 is unpublished, p6 in another category; p2 and p8 are in the subcategory.
    expect(keys(await page({ ...vars(), sortBy: { field: 'PRICE', direction: 'ASC' } }))).toEqual([
      'p2', 'p8', 'p1', 'p3', 'p5', 'p10', 'p9', 'p4',
    ]);
    expect(keys(await page({ ...vars(), sortBy: { field: 'PRICE', direction: 'DESC' } }))).toEqual([
      'p4', 'p9', 'p10', 'p5', 'p3', 'p1', 'p8', 'p2',
    ]);
  });

  it('orders by date added, newest first, ties by id', async () => {
    const result = await page({ first: 50, categories: [gid.category], sortBy: { field: 'CREATED', direction: 'DESC' } });
    expect(keys(result)).toEqual(['p10', 'p9', 'p8', 'p5', 'p4', 'p3', 'p2', 'p1']);
    const oldest = await page({ first: 50, categories: [gid.category], sortBy: { field: 'CREATED', direction: 'ASC' } });
    expect(keys(oldest)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p8', 'p9', 'p10']);
  });

  it('orders by average rating, then by number of reviews; unreviewed last', async () => {
    const result = await page({ first: 50, categories: [gid.category], sortBy: { field: 'RATING', direction: 'DESC' } });
    // 5 x3 (p4 after p3 by id desc), 5 x1, 4.5, 4, 2, then unreviewed by id desc.
    expect(keys(result)).toEqual(['p4', 'p3', 'p1', 'p10', 'p2', 'p8', 'p9', 'p5']);
  });

  it('orders by units sold on orders not cancelled', async () => {
    const result = await page({ first: 50, categories: [gid.category], sortBy: { field: 'SALES', direction: 'DESC' } });
    // p2 10 (its 50 cancelled do not count), p3 7, then 3 each by id desc, then none (p9's are cancelled).
    expect(keys(result)).toEqual(['p2', 'p3', 'p10', 'p5', 'p1', 'p9', 'p8', 'p4']);
  });

  it('pages with cursors across pages without repeats or gaps, for every order', async () => {
    for (const field of ['PRICE', 'CREATED', 'RATING', 'SALES']) {
      for (const direction of ['ASC', 'DESC']) {
        const sortBy = { field, direction };
        const whole = keys(await page({ first: 50, categories: [gid.category], sortBy }));
        const seen: string[] = [];
        let after: string | null = null;
        for (let guard = 0; guard < 10; guard++) {
          const next: Page = await page({ first: 3, after, categories: [gid.category], sortBy });
          seen.push(...keys(next));
          expect(next.totalCount).toBe(8);
          if (!next.pageInfo.hasNextPage) break;
          after = next.pageInfo.endCursor;
        }
        expect(seen, `${field} ${direction}`).toEqual(whole);
      }
    }
  });

  it('combines with category, brand and price', async () => {
    const result = await page({
      first: 2,
      categories: [gid.category],
      brand: gid.brandA,
      minimumPrice: 600,
      maximumPrice: 1500,
      sortBy: { field: 'PRICE', direction: 'DESC' },
    });
    // Brand A, 600 to 1500, in the category and its subcategory: p9 1500, p10, p5, p1 (1000), p8 750.
    expect(result.totalCount).toBe(5);
    expect(keys(result)).toEqual(['p9', 'p10']);
    const rest = await page({
      first: 10,
      after: result.pageInfo.endCursor,
      categories: [gid.category],
      brand: gid.brandA,
      minimumPrice: 600,
      maximumPrice: 1500,
      sortBy: { field: 'PRICE', direction: 'DESC' },
    });
    expect(keys(rest)).toEqual(['p5', 'p1', 'p8']);
    expect(rest.pageInfo.hasNextPage).toBe(false);

    const brandB = await page({ first: 10, categories: [gid.category], brand: gid.brandB, sortBy: { field: 'SALES', direction: 'DESC' } });
    expect(keys(brandB)).toEqual(['p3']);
    const child = await page({ first: 10, categories: [gid.child], brand: gid.brandA, sortBy: { field: 'RATING', direction: 'ASC' } });
    expect(keys(child)).toEqual(['p8', 'p2']);
  });

  it('replaces relevance when searching', async () => {
    const result = await page({ first: 50, query: 'sortable', sortBy: { field: 'PRICE', direction: 'ASC' } });
    expect(keys(result)).toEqual(['p6', 'p2', 'p8', 'p1', 'p3', 'p5', 'p10', 'p9', 'p4']);
  });

  it('keeps the featured-first order without sortBy', async () => {
    const result = await page({ categories: [gid.category], first: 50 });
    expect(keys(result)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p8', 'p9', 'p10']);
  });

  it('refuses an unknown field or direction as a GraphQL validation error', async () => {
    const result = await api.gql(PRODUCTS, { first: 5, sortBy: { field: 'NAME', direction: 'UP' } });
    expect(result.errors?.[0]?.message).toMatch(/ProductOrderField|OrderDirection/);
  });
});
