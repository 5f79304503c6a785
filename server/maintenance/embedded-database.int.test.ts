// The embedded database's stand-in for autovacuum (embedded-database.ts): statistics gathered once
// when tables have none, and the nightly VACUUM (ANALYZE) that queues its next night. On
// PostgreSQL both leave the work to the server's autovacuum.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBackupAt } from '../backups/nightly-backup';
import { JOB_SCHEMA } from '../jobs/job-sql';
import { silentLog } from '../jobs/job-testing';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { createTestApi, type TestApi } from '../testing/test-api';
import { databaseUrl, testDriver } from '../testing/test-database';
import { analyzeIfNeverAnalyzed, EMBEDDED_VACUUM_TIME, embeddedVacuumJob, scheduleEmbeddedVacuum } from './embedded-database';

const driver = testDriver();
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  for (let i = 0; i < 5; i++) await createTestProduct(api.db, { name: `Analyzed ${i}`, basePrice: 1_000_00, variants: [{ stockQuantity: 1 }] });
});
afterAll(() => api.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await api.db.execute(query);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  return (result as unknown as { rows: T[] }).rows[0]!;
}

const productsTuples = async () => (await one<{ n: number }>(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'products'`)).n;

const waitingRuns = async () =>
  (await api.database.executeSql(`SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'created'`, [embeddedVacuumJob.name])).rows;

describe('statistics when tables have none', () => {
  it('are gathered once on the embedded database, then found and left alone; on PostgreSQL, left to autovacuum', async () => {
    if (driver === 'postgres') {
      expect(await analyzeIfNeverAnalyzed(api.db, driver, silentLog())).toBe(false);
      return;
    }
    const before = await one<{ never: number }>(sql`SELECT count(*)::int AS never FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.reltuples < 0`);
    expect(before.never).toBeGreaterThan(0);
    expect(await analyzeIfNeverAnalyzed(api.db, driver, silentLog())).toBe(true);
    expect(await productsTuples()).toBeGreaterThanOrEqual(5);
    expect(await analyzeIfNeverAnalyzed(api.db, driver, silentLog())).toBe(false);
  });
});

describe('the nightly VACUUM (ANALYZE)', () => {
  it('gives dead rows’ space back, refreshes the statistics and queues the next night; never on PostgreSQL', async () => {
    if (driver === 'postgres') {
      expect(await scheduleEmbeddedVacuum(api.db, driver)).toBeNull();
      // A run queued before DATABASE_URL was set does nothing, and queues nothing.
      await embeddedVacuumJob.handler({}, { db: api.db, config: { ...api.config, databaseUrl: databaseUrl('any') }, log: silentLog(), jobId: 'test-vacuum', retryCount: 0 });
      expect(await waitingRuns()).toEqual([]);
      return;
    }
    await api.db.execute(sql`INSERT INTO product_units_sold_changes (product_id, units) SELECT 0, 0 FROM generate_series(1, 2000)`);
    await api.db.execute(sql`DELETE FROM product_units_sold_changes`);
    expect((await one<{ bytes: number }>(sql`SELECT pg_relation_size('product_units_sold_changes')::int AS bytes`)).bytes).toBeGreaterThan(0);
    for (let i = 5; i < 10; i++) await createTestProduct(api.db, { name: `Analyzed ${i}`, basePrice: 1_000_00, variants: [{ stockQuantity: 1 }] });

    const startedAt = Date.now();
    await embeddedVacuumJob.handler({}, { db: api.db, config: { ...api.config, databaseUrl: undefined }, log: silentLog(), jobId: 'test-vacuum', retryCount: 0 });
    expect((await one<{ bytes: number }>(sql`SELECT pg_relation_size('product_units_sold_changes')::int AS bytes`)).bytes).toBe(0);
    expect(await productsTuples()).toBeGreaterThanOrEqual(10);
    const rows = await waitingRuns();
    expect(rows).toHaveLength(1);
    const expected = [startedAt, Date.now()].map((at) => nextBackupAt(EMBEDDED_VACUUM_TIME, new Date(at + 60_000)).getTime());
    expect(expected).toContain(new Date(rows[0]!.start_after as string).getTime());
    // A start queues nothing more while that night's run waits.
    expect(await scheduleEmbeddedVacuum(api.db, driver)).toBeNull();
  });
});
