import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { installJobSchema } from '../jobs/job-sql';
import type { DatabaseHandle } from './client';
import { projectRoot } from '../lib/project-root';

const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

/**
 * Applies every pending Drizzle migration; safe to call on each start, and from several
 * replicas at once: on PostgreSQL they take turns under an advisory lock (without it, two
 * fresh starts raced on CREATE EXTENSION pg_trgm and the second crashed). Then pg-boss's schema.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.exclusively(async (db) => {
    if (handle.driver === 'postgres') {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } else {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    }
  });
  // The job queue's tables are pg-boss's, migrated by pg-boss (docs/decisions/018-durable-jobs.md).
  await installJobSchema(handle);
}
