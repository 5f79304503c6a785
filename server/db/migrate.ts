import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every pending Drizzle migration; safe to call on each start, and from several
 * replicas at once: on PostgreSQL they take turns under an advisory lock (without it, two
 * fresh starts raced on CREATE EXTENSION pg_trgm and the second crashed).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.exclusively(async (db) => {
    if (handle.driver === 'postgres') {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } else {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    }
  });
}
