// The search's relevance order is the product owner's: change 100 (bench/README.md) moved the
// ranking into a narrow subquery for speed, and must give the same products in the same order
// as the single select it replaced, on both drivers, also after products change.
import { decodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import { eq, sql } from 'drizzle-orm';
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

/** The order before change 100, as one select: every match ranked in place. */
async function reference(query: string, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  const words = await correctSearchWords(api, searchWords(query));
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const match = sql`is_published AND search_vector @@ ${tsquery}`;
  const page = await api.db.execute(sql`
    SELECT id FROM products WHERE ${match}
    ORDER BY ts_rank_cd(search_vector, ${tsquery}) DESC, length(search_name), id LIMIT ${limit} OFFSET ${offset}`);
  const count = await api.db.execute(sql`SELECT count(*)::int AS n FROM products WHERE ${match}`);
  // Both drivers answer raw SQL with { rows }.
  const rows = (page as unknown as { rows: { id: number }[] }).rows;
  return { ids: rows.map((r) => Number(r.id)), total: (count as unknown as { rows: { n: number }[] }).rows[0]!.n };
}

const PAGE = `query ($q: String, $first: Int, $after: String) {
  products(first: $first, query: $q, after: $after) { totalCount edges { node { id } } }
}`;
type Page = { products: { totalCount: number; edges: { node: { id: string } }[] } };

async function shop(query: string, first: number, offset: number): Promise<{ ids: number[]; total: number }> {
  // Offset cursors (offsetConnection): the cursor of the row before the page.
  const after = offset > 0 ? offsetToCursor(offset - 1) : null;
  const result = await api.gql<Page>(PAGE, { q: query, first, after });
  expect(result.errors).toBeUndefined();
  const found = result.data!.products;
  return { ids: found.edges.map((e) => Number(decodeGlobalID(e.node.id).id)), total: found.totalCount };
}

async function expectSameOrder() {
  for (const query of QUERIES) {
    for (const [first, offset] of [[20, 0], [7, 7], [50, 0]] as const) {
      const expected = await reference(query, first, offset);
      expect({ query, first, offset, ...(await shop(query, first, offset)) }).toEqual({ query, first, offset, ...expected });
    }
  }
}

describe('search relevance order', () => {
  it('gives the same products in the same order as ranking in one select', async () => {
    expect((await reference('samsung', 50, 0)).ids.length).toBeGreaterThan(7);
    await expectSameOrder();
  });

  it('follows a product renamed, repriced, sold out and hidden', async () => {
    const [top] = (await reference('samsung', 1, 0)).ids;
    const [second] = (await reference('samsung', 2, 1)).ids;
    // A Samsung product renamed so that 'charger' and 'case' now find it.
    await api.db.update(products).set({ name: 'Galaxy Charger Case' }).where(eq(products.id, top!));
    await api.db.update(products).set({ basePrice: 1 }).where(eq(products.id, top!));
    await api.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.productId, top!));
    await refreshProductDerivedFields(api, [top!]);
    await api.db.update(products).set({ isPublished: false }).where(eq(products.id, second!));
    expect((await reference('charger', 100, 0)).ids).toContain(top);
    expect((await reference('samsung', 100, 0)).ids).not.toContain(second);
    await expectSameOrder();
  });
});
