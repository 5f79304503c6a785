import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../modules/checkout/checkout.tables';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { preparedAnywhere } from './prepared-anywhere';

let first: TestDatabase;
let second: TestDatabase;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

let built = 0;
const cartOf = preparedAnywhere((db) => {
  built += 1;
  return db.select().from(checkouts).where(eq(checkouts.userId, sql.placeholder('userId'))).prepare('test_prepared_anywhere');
});

describe('preparedAnywhere', () => {
  it('runs inside the transaction that calls it: it sees the transaction own rows, and the rollback takes them', async () => {
    let inside: (typeof checkouts.$inferSelect)[] = [];
    await first.db
      .transaction(async (tx) => {
        await tx.insert(checkouts).values({ userId: 9001, email: 'a@example.com' });
        // Outside the transaction this read would not see the row (or, on PGlite, wait for it).
        inside = await cartOf(tx).execute({ userId: 9001 });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(inside.map((r) => r.email)).toEqual(['a@example.com']);
    expect(inside[0]?.createdAt).toBeInstanceOf(Date);
    expect(await cartOf(first.db).execute({ userId: 9001 })).toEqual([]);
    // Built once for the database, whatever the handle.
    expect(built).toBe(1);
  });

  it('keeps one query per database: each counts its own statements and reads its own rows', async () => {
    await second.db.insert(checkouts).values({ userId: 9003, email: 'c@example.com' });
    const before = [first.statementCount(), second.statementCount()];
    expect(await cartOf(first.db).execute({ userId: 9003 })).toEqual([]);
    expect((await cartOf(second.db).execute({ userId: 9003 })).map((r) => r.email)).toEqual(['c@example.com']);
    expect([first.statementCount() - before[0]!, second.statementCount() - before[1]!]).toEqual([1, 1]);
    expect(built).toBe(2);
  });
});
