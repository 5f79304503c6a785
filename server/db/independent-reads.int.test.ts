import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import type { Database } from './client';
import { independentReads } from './independent-reads';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Reads that note when each starts and ends, so the test can see whether they overlapped. */
type Read = () => Promise<number>;
function tracedReads(db: Database, log: string[]): [Read, Read, Read] {
  const read = (name: string, value: number) => async () => {
    log.push(`start ${name}`);
    const result = await db.execute(sql`select ${value}::int as value, pg_sleep(0.02)`);
    log.push(`end ${name}`);
    return Number((result as { rows: { value: number }[] }).rows[0]!.value);
  };
  return [read('a', 1), read('b', 2), read('c', 3)];
}

describe('independentReads', () => {
  it('asks the pool everything at once and answers in the reads order', async () => {
    const log: string[] = [];
    const answers = await independentReads(database.db, tracedReads(database.db, log));
    expect(answers).toEqual([1, 2, 3]);
    expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
  });

  it('asks one statement at a time inside a transaction, with the same answers', async () => {
    const log: string[] = [];
    const answers = await database.db.transaction((tx) => independentReads(tx as unknown as Database, tracedReads(tx as unknown as Database, log)));
    expect(answers).toEqual([1, 2, 3]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
