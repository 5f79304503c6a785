// The search's relevance order is the product owner's. Change 100 (bench/README.md) moved the
// ranking into a narrow subquery, and ADR 056 moved the searched words out of products into
// product_search, kept by triggers: both must give the same products in the same order and the
// same totals as one select over products' own text, on both drivers, also after products
// change and on a catalogue grown as the bench grows it (copies in other colours and editions).
import { decodeGlobalID, encodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { correctSearchWords, refreshProductDerivedFields, searchWords } from './catalogue.service';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';
import { productVariants, products } from './catalogue.tables';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, { products: 400 });
});
afterAll(() => api.close());

const QUERIES = ['samsung', 'samsung galaxy 256gb black', 'samsnug galxy', 'xiaomi', 'charger', 'iphone 16 pro', 'power ban', 'case', 'zzqxv'];

/** The searched words of a product, as products.search_vector was generated until migration 0035. */
const WORDS = sql`(setweight(to_tsvector('english', coalesce(search_name, '')), 'A')
  || setweight(to_tsvector('english', coalesce(search_category, '')), 'B')
  || setweight(to_tsvector('english', coalesce(description, '')), 'C'))`;

// Both drivers answer raw SQL with { rows }.
const rowsOf = <T,>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The published products with their words computed from their own text (OFFSET 0 keeps the
 * subquery from being merged, which would compute them for the match and again for the rank).
 */
const PUBLISHED_WORDS = sql`(SELECT id, search_name, ${WORDS} AS words FROM products WHERE is_published OFFSET 0)`;

/** The order before change 100, as one select over products' own text: every match ranked in place. */
async function reference(
  query: string,
  limit: number,
  offset: number,
  narrowing: SQL = sql`true`,
  published: SQL = PUBLISHED_WORDS,
): Promise<{ ids: number[]; total: number }> {
  const words = await correctSearchWords(api, searchWords(query));
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const matches = sql`${published} p WHERE words @@ ${tsquery} AND id IN (SELECT id FROM products WHERE ${narrowing})`;
  const page = await api.db.execute(sql`
    SELECT id FROM ${matches}
    ORDER BY ts_rank_cd(words, ${tsquery}) DESC, length(search_name), id LIMIT ${limit} OFFSET ${offset}`);
  const count = await api.db.execute(sql`SELECT count(*)::int AS n FROM ${matches}`);
  return { ids: rowsOf<{ id: number }>(page).map((r) => Number(r.id)), total: rowsOf<{ n: number }>(count)[0]!.n };
}

const PAGE = `query ($q: String, $first: Int, $after: String, $categories: [ID!], $brand: ID, $min: Float, $sortBy: ProductOrder) {
  products(first: $first, query: $q, after: $after, categories: $categories, brand: $brand, minimumPrice: $min, sortBy: $sortBy) {
    totalCount edges { node { id } }
  }
}`;
type Page = { products: { totalCount: number; edges: { node: { id: string } }[] } };
type Narrowing = { categories?: readonly string[]; brand?: string; min?: number; sortBy?: { field: string; direction: string } };

async function shop(query: string, first: number, offset: number, narrowing: Narrowing = {}): Promise<{ ids: number[]; total: number }> {
  // Offset cursors (offsetConnection): the cursor of the row before the page.
  const after = offset > 0 ? offsetToCursor(offset - 1) : null;
  const result = await api.gql<Page>(PAGE, { q: query, first, after, ...narrowing });
  expect(result.errors).toBeUndefined();
  const found = result.data!.products;
  return { ids: found.edges.map((e) => Number(decodeGlobalID(e.node.id).id)), total: found.totalCount };
}

async function expectSameOrder(queries: readonly string[] = QUERIES, published: SQL = PUBLISHED_WORDS) {
  for (const query of queries) {
    for (const [first, offset] of [[20, 0], [7, 7], [50, 0]] as const) {
      const expected = await reference(query, first, offset, sql`true`, published);
      expect({ query, first, offset, ...(await shop(query, first, offset)) }).toEqual({ query, first, offset, ...expected });
    }
  }
}

/** Rows of product_search that differ from what the published products' own text gives (none when in step). */
async function searchTableDrift(): Promise<number> {
  const result = await api.db.execute(sql`
    SELECT count(*)::int AS n FROM (
      (SELECT id, length(search_name), ${WORDS} FROM products WHERE is_published
        EXCEPT SELECT product_id, name_length, search_vector FROM product_search)
      UNION ALL
      (SELECT product_id, name_length, search_vector FROM product_search
        EXCEPT SELECT id, length(search_name), ${WORDS} FROM products WHERE is_published)
    ) drift`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('search relevance order', () => {
  it('gives the same products in the same order as ranking in one select', async () => {
    expect((await reference('samsung', 50, 0)).ids.length).toBeGreaterThan(7);
    expect(await searchTableDrift()).toBe(0);
    await expectSameOrder();
  });

  it('gives the same matches narrowed by category, brand and price, and sorted by price', async () => {
    const [top] = (await reference('samsung', 1, 0)).ids;
    const [product] = await api.db.select().from(products).where(eq(products.id, top!));
    const category = sql`category_id = ${product!.categoryId}`;
    const brand = sql`brand_id = ${product!.brandId}`;
    const cheap = sql`min_price >= 1000000`;
    for (const query of ['samsung', 'samsung galaxy 256gb black', 'charger', 'case']) {
      for (const [narrowing, args] of [
        [category, { categories: [encodeGlobalID('Category', product!.categoryId)] }],
        [brand, { brand: encodeGlobalID('Brand', product!.brandId!) }],
        [cheap, { min: 10000 }],
      ] as const) {
        const expected = await reference(query, 20, 0, narrowing);
        expect({ query, args, ...(await shop(query, 20, 0, args)) }).toEqual({ query, args, ...expected });
      }
      // A sort replaces relevance; the matches and their number stay.
      const everything = new Set((await reference(query, 10_000, 0)).ids);
      const sorted = await shop(query, 100, 0, { sortBy: { field: 'PRICE', direction: 'ASC' } });
      expect({ query, total: sorted.total, length: sorted.ids.length }).toEqual({ query, total: everything.size, length: Math.min(100, everything.size) });
      expect(sorted.ids.filter((id) => !everything.has(id))).toEqual([]);
    }
  });

  it('follows a product renamed, repriced, sold out, hidden, shown again, described anew, added and deleted', async () => {
    const [top] = (await reference('samsung', 1, 0)).ids;
    const [second] = (await reference('samsung', 2, 1)).ids;
    const [third] = (await reference('xiaomi', 1, 0)).ids;
    // A Samsung product renamed so that 'charger' and 'case' now find it.
    await api.db.update(products).set({ name: 'Galaxy Charger Case' }).where(eq(products.id, top!));
    await api.db.update(products).set({ basePrice: 1 }).where(eq(products.id, top!));
    await api.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.productId, top!));
    await refreshProductDerivedFields(api, [top!]);
    await api.db.update(products).set({ isPublished: false }).where(eq(products.id, second!));
    expect((await reference('charger', 100, 0)).ids).toContain(top);
    expect((await reference('samsung', 100, 0)).ids).not.toContain(second);
    // Hidden and shown again; a description that now says 'samsung galaxy' twice.
    await api.db.update(products).set({ isPublished: false }).where(eq(products.id, third!));
    await api.db.update(products).set({ isPublished: true }).where(eq(products.id, third!));
    await api.db.update(products).set({ description: '<p>Works with Samsung Galaxy phones. Samsung Galaxy ready.</p>' }).where(eq(products.id, third!));
    expect((await reference('samsung galaxy', 100, 0)).ids).toContain(third);
    // Added in one statement, one of them unpublished; then one deleted.
    const added = rowsOf<{ id: number }>(
      await api.db.execute(sql`
        INSERT INTO products (name, slug, description, product_type_id, brand_id, category_id, base_price, min_price, search_name, search_category, is_published)
        SELECT name || ' Copy', slug || '-copy', description, product_type_id, brand_id, category_id, base_price, min_price, search_name || ' Copy', search_category, id <> ${top!}
        FROM products WHERE id IN (${top!}, ${third!}) RETURNING id`),
    ).map((r) => Number(r.id));
    expect(added).toHaveLength(2);
    await api.db.delete(products).where(eq(products.id, added[1]!));
    expect(await searchTableDrift()).toBe(0);
    await expectSameOrder();
  });

  it('gives the same order on a catalogue grown as the bench grows it: copies in other colours and editions', async () => {
    // Every published product again in eight editions (the bench's 100,000 products are these
    // copies, 64 per product); one in seven unpublished. One statement, as the bench inserts.
    await api.db.execute(sql`
      INSERT INTO products (name, slug, description, product_type_id, brand_id, category_id, base_price, min_price, search_name, search_category, is_published)
      SELECT p.name || e.suffix, p.slug || '-edition-' || e.n, p.description, p.product_type_id, p.brand_id, p.category_id,
        p.base_price, p.min_price, p.search_name || e.suffix, p.search_category, (p.id + e.n) % 7 <> 0
      FROM products p
      CROSS JOIN (VALUES (1, ' Midnight Black'), (2, ' Arctic White Bundle'), (3, ' Ocean Blue with Free Case'), (4, ' Rose Gold Open Box'),
        (5, ' Graphite 2025 Edition'), (6, ' Forest Green Pack of 2'), (7, ' Lavender Gift Box'), (8, ' Sunset Orange Lite')) AS e(n, suffix)
      WHERE p.is_published`);
    expect(await searchTableDrift()).toBe(0);
    // The published products' words computed once from their text, for the comparisons below.
    await api.db.execute(sql`CREATE TABLE expected_words AS SELECT * FROM ${PUBLISHED_WORDS} p`);
    const published = sql`expected_words`;
    expect((await reference('samsung galaxy', 1, 0, sql`true`, published)).total).toBeGreaterThan(100);
    await expectSameOrder(['samsung galaxy 256gb black', 'samsnug galxy', 'xiaomi', 'black case'], published);
    // Deep pages too: the hundredth match onwards.
    for (const query of ['samsnug galxy', 'case']) {
      expect({ query, ...(await shop(query, 20, 100)) }).toEqual({ query, ...(await reference(query, 20, 100, sql`true`, published)) });
    }
  });
});
