// What autovacuum does on PostgreSQL, done for the embedded database (PGlite runs PostgreSQL in a
// single process, without autovacuum or autoanalyze): the planner's statistics gathered when
// tables have none (a fresh data directory after its seed, a table a migration added), and every
// night a VACUUM (ANALYZE) of the whole database, so dead rows' space is reused and the
// statistics follow the catalogue's growth. Without statistics the planner guesses every
// selectivity and every table's size; without vacuum a table's deleted and updated rows keep
// their pages (bench/README.md, change 158). On PostgreSQL both do nothing: autovacuum is the
// server's.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { defineJob, enqueueJob, type JobContext } from '../jobs/jobs';
import { nextBackupAt } from '../backups/nightly-backup';

/** When the nightly VACUUM (ANALYZE) runs, on a Manila clock: after the nightly backup's default 03:00. */
export const EMBEDDED_VACUUM_TIME = { hour: 4, minute: 30 };

/**
 * ANALYZE when one of the shop's tables was never analyzed (its `reltuples` still -1): at start,
 * after the migrations and the demo seed. 0.6 s for a 2,000-product catalogue, once; later
 * starts find the statistics and skip it. Returns whether it ran.
 */
export async function analyzeIfNeverAnalyzed(db: Database, driver: 'pglite' | 'postgres', log: Logger): Promise<boolean> {
  if (driver !== 'pglite') return false;
  const result = await db.execute(sql`SELECT count(*)::int AS never FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.reltuples < 0`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  const never = (result as unknown as { rows: { never: number }[] }).rows[0]?.never ?? 0;
  if (never === 0) return false;
  const startedAt = performance.now();
  await db.execute(sql`ANALYZE`);
  log.info({ tables: never, ms: Math.round(performance.now() - startedAt) }, 'embedded database analyzed (no statistics yet)');
  return true;
}

/** One waiting nightly run at a time: each start and each run queue it, and the key keeps it single. */
const VACUUM_KEY = 'embedded-vacuum';

/** Queues the next nightly VACUUM (ANALYZE) of the embedded database; nothing on PostgreSQL. */
export async function scheduleEmbeddedVacuum(db: Database, driver: 'pglite' | 'postgres', now = new Date()): Promise<string | null> {
  if (driver !== 'pglite') return null;
  return enqueueJob(db, embeddedVacuumJob, {}, { runAt: nextBackupAt(EMBEDDED_VACUUM_TIME, now), singletonKey: VACUUM_KEY });
}

async function runEmbeddedVacuum(ctx: JobContext): Promise<void> {
  // A queue worked by a PostgreSQL shop (a job queued before DATABASE_URL was set): nothing to do.
  if (ctx.config.databaseUrl) return;
  // The next night first, so that a run that fails does not end the nightly runs; a minute ahead,
  // so that a run started a moment early does not queue tonight's again.
  await scheduleEmbeddedVacuum(ctx.db, 'pglite', new Date(Date.now() + 60_000));
  const startedAt = performance.now();
  await ctx.db.execute(sql`VACUUM (ANALYZE)`);
  ctx.log.info({ ms: Math.round(performance.now() - startedAt) }, 'embedded database vacuumed and analyzed');
}

export const embeddedVacuumJob = defineJob<Record<string, never>>('database.embedded-vacuum', (_payload, ctx) => runEmbeddedVacuum(ctx), {
  retryLimit: 2,
  retryDelaySeconds: 10 * 60,
  backoff: false,
  expireInSeconds: 30 * 60,
  concurrency: 1,
});
