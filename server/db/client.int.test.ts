// The opened database reads dates alike on both drivers, through Drizzle and through the SQL run
// outside it (the job queue's executeSql), now that Drizzle's PGlite parsers sit on the
// instance (pglite-parsers.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('dates on the opened database', () => {
  it('gives the job queue Date objects, with and without values', async () => {
    const withValues = await database.executeSql(`SELECT $1::timestamptz AS at, $1::date AS day`, ['2026-11-28T03:04:05.678Z']);
    expect(withValues.rows[0]!.at).toEqual(new Date('2026-11-28T03:04:05.678Z'));
    expect(withValues.rows[0]!.day).toBeInstanceOf(Date);
    const asText = await database.executeSql(`SELECT '2026-11-28 03:04:05.678+00'::timestamptz AS at`);
    expect(asText.rows[0]!.at).toEqual(new Date('2026-11-28T03:04:05.678Z'));
  });

  it("gives Drizzle's raw SQL dates as text, as node-postgres does through Drizzle", async () => {
    const { rows } = (await database.db.execute(sql`SELECT '2026-11-28 03:04:05.678+00'::timestamptz AS at, '1 day'::interval AS span`)) as unknown as {
      rows: { at: unknown; span: unknown }[];
    };
    expect(typeof rows[0]!.at).toBe('string');
    expect(new Date(String(rows[0]!.at)).toISOString()).toBe('2026-11-28T03:04:05.678Z');
    expect(rows[0]!.span).toBe('1 day');
  });
});
