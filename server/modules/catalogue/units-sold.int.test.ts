// Units sold, the "best selling" order's column (migration 0038, ADR 058): triggers record every
// order write as a narrow change row in the order's own transaction, without touching the
// product's row, and the fold job adds the committed changes to products.units_sold. After a
// fold, every product's units equal what its order lines say: orders placed with their lines in
// one statement, cancelled, rejected, reopened, deleted; a line changed, or added to a cancelled
// order; many at once; a truncation. Units sold never empty the product's cached answers (ADR 053).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../jobs/job-sql';
import { silentLog } from '../../jobs/job-testing';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { orderLines, orders } from '../orders/orders.tables';
import { createTestProduct } from './catalogue.fixtures';
import { products, productUnitsSoldChanges } from './catalogue.tables';
import { foldUnitsSold, foldUnitsSoldJob, UNITS_SOLD_FOLD_SECONDS } from './units-sold.service';

let api: TestApi;
let a: number;
let b: number;
let nextCheckout = 71_000;

beforeAll(async () => {
  api = await createTestApi();
  a = (await createTestProduct(api.db, { name: 'Sold Alpha', basePrice: 1_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
  b = (await createTestProduct(api.db, { name: 'Sold Beta', basePrice: 2_000_00, variants: [{ stockQuantity: 9 }] })).product.id;
});
afterAll(() => api.close());

async function unitsSold(id: number): Promise<number> {
  const [row] = await api.db.select({ unitsSold: products.unitsSold }).from(products).where(eq(products.id, id));
  return row!.unitsSold;
}

/** What the order lines themselves say, as the listing's join computed it before. */
async function truth(id: number): Promise<number> {
  const result = await api.db.execute(sql`SELECT coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.product_id = ${id} AND o.status NOT IN ('CANCELED', 'REJECTED')), 0)::int AS units`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  return (result as unknown as { rows: { units: number }[] }).rows[0]!.units;
}

/** After a fold: the product's units, equal to what its lines say. */
async function expectFolded(id: number, expected?: number) {
  await foldUnitsSold(api.db);
  const kept = await unitsSold(id);
  if (expected !== undefined) expect(kept).toBe(expected);
  expect(kept).toBe(await truth(id));
}

/** An order placed as checkout places it: the order and its lines in one statement. */
async function placeOrder(lines: { productId: number; quantity: number }[], status: 'UNFULFILLED' | 'CANCELED' = 'UNFULFILLED'): Promise<number> {
  const checkoutId = nextCheckout++;
  const values = lines.map((l, i) => sql`((SELECT id FROM placed), 0, ${l.productId}, ${'line ' + i}, 'Only', ${'SKU' + i}, ${l.quantity}, 0, 0)`);
  const result = await api.db.execute(sql`WITH placed AS (${api.db.insert(orders).values({ referenceKey: `SOLD${checkoutId}`, userId: 1, userEmail: 'sold@example.com', checkoutId, status, subtotal: 0, total: 0 }).returning({ id: orders.id }).getSQL()}),
    added AS (INSERT INTO order_lines (order_id, variant_id, product_id, product_name, variant_name, product_sku, quantity, unit_price, undiscounted_unit_price)
      VALUES ${sql.join(values, sql`, `)} RETURNING order_id)
    SELECT id FROM placed`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

/** The product row's version: a write of the row, even of a column nothing reads, changes it. */
async function rowVersion(id: number): Promise<string> {
  const result = await api.db.execute(sql`SELECT xmin::text AS version FROM products WHERE id = ${id}`);
  return (result as unknown as { rows: { version: string }[] }).rows[0]!.version;
}

describe('placing an order', () => {
  it("neither writes nor locks its products' rows: its units wait as change rows for the fold", async () => {
    const [versionA, versionB] = [await rowVersion(a), await rowVersion(b)];
    await placeOrder([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
    ]);
    expect([await rowVersion(a), await rowVersion(b)]).toEqual([versionA, versionB]);
    expect(await unitsSold(a)).toBe(0);
    const waiting = await api.db.select().from(productUnitsSoldChanges);
    expect(waiting).toEqual(expect.arrayContaining([{ productId: a, units: 2 }, { productId: b, units: 1 }]));

    expect(await foldUnitsSold(api.db)).toBe(2);
    expect(await api.db.select().from(productUnitsSoldChanges)).toEqual([]);
    await expectFolded(a, 2);
    await expectFolded(b, 1);
    // Nothing left: a fold with nothing to add changes no product.
    expect(await foldUnitsSold(api.db)).toBe(0);
  });
});

describe('the units sold', () => {
  it('follow orders placed, cancelled, rejected, reopened and deleted, and never empty the product’s answers', async () => {
    const [startA, startB] = [await unitsSold(a), await unitsSold(b)];
    const generation = api.api.catalogueGeneration();
    const dropped: string[][] = [];
    api.api.productChanges.listen((tags) => dropped.push([...tags]));

    const first = await placeOrder([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
      { productId: a, quantity: 3 },
    ]);
    await expectFolded(a, startA + 5);
    await expectFolded(b, startB + 1);
    const second = await placeOrder([{ productId: a, quantity: 4 }]);
    await expectFolded(a, startA + 9);
    // Placed already cancelled (as a seed may), and a line added to it later: neither counts.
    const cancelled = await placeOrder([{ productId: b, quantity: 7 }], 'CANCELED');
    await api.db.insert(orderLines).values({ orderId: cancelled, variantId: 0, productId: b, productName: 'late', variantName: 'Only', productSku: 'L', quantity: 2, unitPrice: 0, undiscountedUnitPrice: 0 });
    await expectFolded(b, startB + 1);

    await api.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, first));
    await expectFolded(a, startA + 4);
    await expectFolded(b, startB);
    // Closed to closed moves nothing; reopened counts again.
    await api.db.update(orders).set({ status: 'REJECTED' }).where(eq(orders.id, first));
    await expectFolded(a, startA + 4);
    await api.db.update(orders).set({ status: 'UNFULFILLED' }).where(eq(orders.id, first));
    await expectFolded(a, startA + 9);
    await api.db.update(orders).set({ status: 'REJECTED' }).where(eq(orders.id, second));
    await expectFolded(a, startA + 5);
    // A line's quantity changed, and one moved to another product.
    await api.db.update(orderLines).set({ quantity: 10 }).where(eq(orderLines.orderId, first));
    await expectFolded(a, startA + 20);
    await expectFolded(b, startB + 10);
    await api.db.update(orderLines).set({ productId: b }).where(eq(orderLines.orderId, second));
    await api.db.update(orders).set({ status: 'UNFULFILLED' }).where(eq(orders.id, second));
    await expectFolded(a, startA + 20);
    await expectFolded(b, startB + 14);
    // An order deleted with its lines (the cascade) takes its units back.
    await api.db.delete(orders).where(eq(orders.id, first));
    await expectFolded(a, startA);
    await expectFolded(b, startB + 4);

    // Notifications arrive after commit: give them a moment, then none may have come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dropped).toEqual([]);
    expect(api.api.catalogueGeneration()).toBe(generation);
  });
});

describe('at once', () => {
  it('counts every one of 20 orders placed and 10 cancelled concurrently, folded by two folds at once', async () => {
    const [startA, startB] = [await unitsSold(a), await unitsSold(b)];
    const placed = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder([{ productId: a, quantity: 1 + (i % 3) }, { productId: b, quantity: 1 }])));
    await Promise.all([
      ...placed.slice(0, 10).map((id) => api.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, id))),
      foldUnitsSold(api.db),
      foldUnitsSold(api.db),
    ]);
    await Promise.all([foldUnitsSold(api.db), foldUnitsSold(api.db)]);
    const units = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => 1 + ((from + k) % 3)).reduce((x, y) => x + y, 0);
    await expectFolded(a, startA + units(10, 20));
    await expectFolded(b, startB + 10);
  });
});

describe('the fold job', () => {
  it('folds, and queues its next run a minute on (one waiting at a time)', async () => {
    await placeOrder([{ productId: a, quantity: 3 }]);
    const before = await unitsSold(a);
    const startedAt = Date.now();
    const run = () => foldUnitsSoldJob.handler({}, { db: api.db, config: api.config, log: silentLog(), jobId: 'test-fold', retryCount: 0 });
    await run();
    expect(await unitsSold(a)).toBe(before + 3);
    await run();
    const { rows } = await api.database.executeSql(`SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'created'`, [foldUnitsSoldJob.name]);
    expect(rows).toHaveLength(1);
    const next = new Date(rows[0]!.start_after as string).getTime();
    expect(next).toBeGreaterThanOrEqual(startedAt + UNITS_SOLD_FOLD_SECONDS * 1000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + UNITS_SOLD_FOLD_SECONDS * 1000 + 1000);
  });

  it("gives the taken rows' space back (the embedded database has no autovacuum)", async () => {
    const size = async () => {
      const result = await api.db.execute(sql`SELECT pg_relation_size('product_units_sold_changes')::int AS bytes`);
      return (result as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes;
    };
    // 2,000 change rows that cancel out (an order placed, then cancelled): the units stay.
    const units = await unitsSold(a);
    await api.db.execute(sql`INSERT INTO product_units_sold_changes (product_id, units) SELECT ${a}, CASE WHEN n % 2 = 0 THEN 1 ELSE -1 END FROM generate_series(1, 2000) n`);
    expect(await size()).toBeGreaterThan(8192);
    await foldUnitsSoldJob.handler({}, { db: api.db, config: api.config, log: silentLog(), jobId: 'test-fold-space', retryCount: 0 });
    expect(await api.db.select().from(productUnitsSoldChanges)).toEqual([]);
    expect(await size()).toBe(0);
    expect(await unitsSold(a)).toBe(units);
  });
});

describe('a truncation', () => {
  it('of the order lines leaves every product at none and nothing to fold', async () => {
    await placeOrder([{ productId: b, quantity: 2 }]);
    await api.db.execute(sql`TRUNCATE orders CASCADE`);
    expect(await api.db.select().from(productUnitsSoldChanges)).toEqual([]);
    await expectFolded(a, 0);
    await expectFolded(b, 0);
  });
});
