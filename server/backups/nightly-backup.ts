// The nightly backup: a durable job that writes a backup at BACKUP_TIME (Manila time), keeps the
// newest BACKUP_KEEP, and queues itself for the next night (docs/decisions/047-backups.md).
// Inside the shop's process it copies the embedded database the shop holds open, which no other
// process may open while the shop runs.
import type { Config } from '../config';
import type { Database } from '../db/client';
import { defineJob, enqueueJob, type JobContext } from '../jobs/jobs';
import { findPgTool, pruneBackups, takeBackup } from './backup-archive';

/** The Philippines keep UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The first moment after `now` at which a Manila clock reads `time`. */
export function nextBackupAt(time: { hour: number; minute: number }, now: Date): Date {
  const manila = new Date(now.getTime() + MANILA_OFFSET_MS);
  let at = Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate(), time.hour, time.minute) - MANILA_OFFSET_MS;
  if (at <= now.getTime()) at += 24 * 60 * 60 * 1000;
  return new Date(at);
}

/** One waiting nightly job per backup time: each start and each run queue it, and the key keeps it single. */
const singletonKey = (time: { hour: number; minute: number }) => `nightly-${time.hour}:${time.minute}`;

/**
 * Queues the next nightly backup unless one waits already (none with BACKUP_TIME=off). A start
 * after a night the shop was down finds that night's job due and runs it at once. After
 * BACKUP_TIME changes, a job queued for the old time still runs once.
 */
export async function scheduleNightlyBackup(db: Database, config: Pick<Config, 'backup'>, now = new Date()): Promise<string | null> {
  const time = config.backup.time;
  if (!time) return null;
  return enqueueJob(db, nightlyBackupJob, {}, { runAt: nextBackupAt(time, now), singletonKey: singletonKey(time) });
}

async function runNightlyBackup(ctx: JobContext): Promise<void> {
  const { config, log } = ctx;
  if (!config.backup.time) return;
  // The next night first, so that a run that keeps failing does not end the nightly backups. A
  // minute ahead: a run started a moment early must not queue tonight's again.
  await scheduleNightlyBackup(ctx.db, config, new Date(Date.now() + 60_000));
  let file: string;
  if (config.databaseUrl) {
    if (!findPgTool('pg_dump')) {
      log.warn('nightly backup skipped: pg_dump is not installed (docs/operations/backups.md)');
      return;
    }
    file = await takeBackup({ driver: 'postgres', url: config.databaseUrl }, { dataDir: config.dataDir });
  } else {
    if (!ctx.dumpDataDir) throw new Error('the embedded database cannot be copied from this job runner');
    file = await takeBackup({ driver: 'pglite', dumpDataDir: ctx.dumpDataDir }, { dataDir: config.dataDir });
  }
  const removed = await pruneBackups(config.dataDir, config.backup.keep);
  log.info({ file, removed }, 'nightly backup written');
}

export const nightlyBackupJob = defineJob<Record<string, never>>('backups.nightly', (_payload, ctx) => runNightlyBackup(ctx), {
  retryLimit: 2,
  retryDelaySeconds: 10 * 60,
  backoff: false,
  // A big catalogue's copy takes minutes; a run cut off is retried after this.
  expireInSeconds: 60 * 60,
  concurrency: 1,
});
