// Two replicas starting together on a fresh PostgreSQL raced on
// CREATE EXTENSION pg_trgm and the second crashed; migrations now take turns under an advisory
// lock. PostgreSQL only (*.pg.int.test.ts: the postgres test project runs it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

describe('migrations on PostgreSQL', () => {
  it('let three replicas start together on a fresh PostgreSQL database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `suki_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() }, { onIdleError: () => {} })));
    try {
      await Promise.all(replicas.map((replica) => migrateDatabase(replica)));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      await check.end();
      expect(rows[0]!.count).toBeGreaterThan(8);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
