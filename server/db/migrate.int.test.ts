// Migrations run at every start: a second run changes nothing. (Replicas starting together on
// PostgreSQL: migrate-replicas.pg.int.test.ts.)
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

describe('migrations', () => {
  it('are a no-op when run again on a migrated database, even twice at once (every start runs them)', async () => {
    const handle = await openDatabase({ inMemory: true });
    try {
      await migrateDatabase(handle);
      const journal = async () =>
        ((await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const applied = await journal();
      expect(applied).toBeGreaterThan(8);
      await Promise.all([migrateDatabase(handle), migrateDatabase(handle)]);
      expect(await journal()).toBe(applied);
    } finally {
      await handle.close();
    }
  });
});
