// A listing reads an index, not every product (migration 0036; bench/README.md, change 155): its
// count ("N products" on a shop page without a search) from products_published_by_category_idx
// alone (at 100,000 products the count read every product's row, 88 ms for the whole shop), and
// its page in the newest order from products_published_created_idx in order (every product was
// sorted, 112-134 ms), and since migrations 0037 and 0038 the best rated and best selling orders
// from their own indexes (they joined every product's review aggregate or units sold: 104-430 ms). The statements the service sends are captured and explained on the same
// database with sequential and bitmap scans off, so the plan shows which index can answer them,
// whatever the test catalogue's size; they fail if the index goes or a statement stops matching
// its predicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedStatements, planWithIndexesOnly } from '../../testing/captured-statements';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';
import { countProducts, listProducts, type ProductFilter } from './catalogue.service';

let api: TestApi;
let seeded: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  api = await createTestApi();
  seeded = await seedCatalogue(api.db, { products: 120 });
  // The visibility map, as autovacuum leaves it: without it no count is read from an index alone.
  await api.db.execute('VACUUM ANALYZE products');
});
afterAll(() => api.close());

describe('a listing count', () => {
  const phones = () => seeded.categoryIds.get('mobile-phones')!;
  const samsung = () => seeded.brandIds.get('Samsung')!;
  const filters: [string, () => ProductFilter][] = [
    ['every product', () => ({})],
    ['a category with its subcategories', () => ({ categoryIds: [phones()] })],
    ['a brand', () => ({ brandIds: [samsung()] })],
    ['a category and a brand', () => ({ categoryIds: [phones()], brandIds: [samsung()] })],
    ['a price range', () => ({ minimumPrice: 1_000_00, maximumPrice: 100_000_00 })],
  ];

  it.each(filters)('of %s is read from an index alone', async (_name, filter) => {
    const ctx = api.serviceContext();
    let counted = -1;
    const statements = await capturedStatements(api.db, async () => {
      counted = await countProducts(ctx, filter());
    });
    const count = statements.find((s) => /count\(\*\)/i.test(s.text) && /"products"/.test(s.text));
    expect(count, statements.map((s) => s.text).join('\n')).toBeDefined();
    expect(counted).toBeGreaterThan(0);
    // Any index of the published products alone will do (the smallest the planner finds).
    expect(await planWithIndexesOnly(api.db, count!)).toMatch(/Index Only Scan using products_published_\w+_idx/);
  });
});

describe('a listing in the newest, best rated or best selling order', () => {
  const indexes = { CREATED: 'products_published_created_idx', RATING: 'products_published_rating_idx', SALES: 'products_published_units_sold_idx' } as const;
  const cases = (['CREATED', 'RATING', 'SALES'] as const).flatMap((field) => (['DESC', 'ASC'] as const).map((direction) => [field, direction] as const));

  it.each(cases)('is read from its index of the published products, in its order (%s %s)', async (field, direction) => {
    let rows = 0;
    const statements = await capturedStatements(api.db, async () => {
      rows = (await listProducts(api.serviceContext(), { sort: { field, direction } }, { limit: 20, offset: 20 })).length;
    });
    expect(rows).toBe(20);
    const page = statements.find((s) => /"products"/.test(s.text) && /order by/i.test(s.text));
    expect(page, statements.map((s) => s.text).join('\n')).toBeDefined();
    const plan = await planWithIndexesOnly(api.db, page!);
    // The page's ids read in the index's order and stopped at the page (the Limit right above
    // the scan): nothing sorts every product, nor joins another module's aggregate for each (the
    // rating and units sold are products' own columns, migrations 0037 and 0038). Only the page's
    // 20 rows are put in order again.
    const scan = direction === 'DESC' ? 'Index (Only )?Scan Backward' : 'Index (Only )?Scan';
    expect(plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+${scan} using ${indexes[field]}`));
  });
});
