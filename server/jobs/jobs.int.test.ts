// Durable jobs on the test database (PGlite, and PostgreSQL in the postgres project).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createTestDatabase, databaseUrl, testDriver, type TestDatabase } from '../testing/test-database';
import { startJobRunner, type JobRunner } from './job-runner';
import { JOB_SCHEMA } from './job-sql';
import { jobTestConfig, silentLog, sleep, waitFor } from './job-testing';
import { defineJob, enqueueJob } from './jobs';

let database: TestDatabase;
let runner: JobRunner;
const seen: { job: string; value: number; at: number; retryCount: number }[] = [];

const recordJob = defineJob<{ value: number }>('test.record', async (payload, ctx) => {
  seen.push({ job: 'record', value: payload.value, at: Date.now(), retryCount: ctx.retryCount });
});
const alwaysFails = defineJob<{ value: number }>(
  'test.always-fails',
  async (payload, ctx) => {
    seen.push({ job: 'fails', value: payload.value, at: Date.now(), retryCount: ctx.retryCount });
    throw new Error('the provider is down');
  },
  { retryLimit: 2, retryDelaySeconds: 1, backoff: true },
);

let releaseHeld: () => void = () => undefined;
let heldStarted = false;
const heldJob = defineJob<Record<string, never>>('test.held', async () => {
  heldStarted = true;
  await new Promise<void>((resolve) => (releaseHeld = resolve));
});

beforeAll(async () => {
  database = await createTestDatabase();
  runner = await startJobRunner({ database, config: jobTestConfig(), log: silentLog(), jobs: [recordJob, alwaysFails, heldJob] });
});
afterAll(async () => {
  await runner?.stop(1000);
  await database?.close();
});

const stateOf = async (id: string) => {
  const { rows } = await database.executeSql(`SELECT state FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]);
  return rows[0]?.state as string | undefined;
};

describe('durable jobs', () => {
  it('runs a job enqueued in a committed transaction, never one whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, recordJob, { value: 1 });
        throw new Error('the service failed after enqueueing');
      }),
    ).rejects.toThrow('the service failed');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await enqueueJob(tx, recordJob, { value: 2 });
    });
    await waitFor(() => seen.some((s) => s.value === 2), 10_000, 'the committed job');
    await sleep(1500);
    expect(seen.filter((s) => s.job === 'record').map((s) => s.value)).toEqual([2]);
    const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = 'test.record'`);
    expect(rows[0]?.n).toBe(1);
  });

  it('retries a failing job with a growing delay, then gives up', async () => {
    const id = await enqueueJob(database.db, alwaysFails, { value: 3 });
    expect(id).toEqual(expect.any(String));
    await waitFor(async () => (await stateOf(id!)) === 'failed', 20_000, 'the job to fail for good');
    const runs = seen.filter((s) => s.value === 3);
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1, 2]);
    const firstGap = runs[1]!.at - runs[0]!.at;
    const secondGap = runs[2]!.at - runs[1]!.at;
    // Backoff: about 1-2 s, then about 2-4 s (pg-boss adds jitter).
    expect(firstGap).toBeGreaterThanOrEqual(900);
    expect(secondGap).toBeGreaterThanOrEqual(1900);
    await sleep(2500);
    expect(seen.filter((s) => s.value === 3)).toHaveLength(3);
    // /metrics: the job that gave up, and each failed run.
    const metrics = await runner.registry.metrics();
    expect(metrics).toContain('suki_jobs{job="test.always-fails",state="failed"} 1');
    expect(metrics).toContain('suki_job_runs_total{job="test.always-fails",outcome="failed"} 3');
    expect(metrics).toContain('suki_job_duration_seconds_count{job="test.always-fails",outcome="failed"} 3');
    expect(metrics).toContain('suki_job_running{job="test.always-fails"} 0');
  });

  it('/metrics: a job running now, in this process and in the queue, then its run\'s duration', async () => {
    await enqueueJob(database.db, heldJob, {});
    await waitFor(() => heldStarted, 10_000, 'the held job to start');
    const during = await runner.registry.metrics();
    expect(during).toContain('suki_job_running{job="test.held"} 1');
    expect(during).toContain('suki_jobs{job="test.held",state="active"} 1');
    releaseHeld();
    await waitFor(async () => (await runner.registry.metrics()).includes('suki_job_duration_seconds_count{job="test.held",outcome="completed"} 1'), 5_000, 'the held job to end');
    expect(await runner.registry.metrics()).toContain('suki_job_running{job="test.held"} 0');
    await waitFor(async () => !(await runner.registry.metrics()).includes('suki_jobs{job="test.held",state="active"}'), 5_000, 'the queue to see it completed');
  });

  it('keeps one waiting job per singleton key, and runs a job not before runAt', async () => {
    const runAt = new Date(Date.now() + 2000);
    const first = await enqueueJob(database.db, recordJob, { value: 4 }, { singletonKey: 'order-4', runAt });
    const again = await enqueueJob(database.db, recordJob, { value: 4 }, { singletonKey: 'order-4', runAt });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    await sleep(1000);
    expect(seen.some((s) => s.value === 4)).toBe(false);
    await waitFor(() => seen.some((s) => s.value === 4), 10_000, 'the delayed job');
    expect(seen.find((s) => s.value === 4)!.at).toBeGreaterThanOrEqual(runAt.getTime() - 50);
    expect(seen.filter((s) => s.value === 4)).toHaveLength(1);
  });
});

// A restart: the first process only enqueues and stops; a second process on the same
// database (the embedded data dir, or the same PostgreSQL database) runs the job.
describe('durable jobs across a restart', () => {
  it('run a job queued before the process stopped once it starts again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'suki-jobs-restart-'));
    const open = () =>
      testDriver() === 'pglite' ? openDatabase({ pgliteDir: path.join(dir, 'pglite') }) : openDatabase({ url: databaseUrl(database.name) });
    try {
      const ran: number[] = [];
      const job = defineJob<{ value: number }>('test.after-restart', async (p) => void ran.push(p.value));
      const config = jobTestConfig();
      const first = await open();
      await migrateDatabase(first);
      const enqueueOnly = await startJobRunner({ database: first, config: { ...config, jobsWorker: false }, log: silentLog(), jobs: [job] });
      await enqueueJob(first.db, job, { value: 7 });
      await sleep(1000);
      await enqueueOnly.stop(1000);
      await first.close();
      expect(ran).toEqual([]);

      const second = await open();
      await migrateDatabase(second);
      const worker = await startJobRunner({ database: second, config, log: silentLog(), jobs: [job] });
      await waitFor(() => ran.length > 0, 10_000, 'the job after the restart');
      await worker.stop(1000);
      await second.close();
      expect(ran).toEqual([7]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A worker that died holding a job (claimed, never completed): pg-boss's maintenance on a live
// replica sees the job expire and retries it there.
describe('durable jobs after a worker died', () => {
  it('run again once the claim of the dead worker expires', async () => {
    const ran: number[] = [];
    const job = defineJob<{ value: number }>('test.orphaned', async (p) => void ran.push(p.value), { expireInSeconds: 1, retryDelaySeconds: 0, backoff: false });
    await enqueueJob(database.db, job, { value: 9 });
    // The dead worker: claims the job, then is gone.
    const { rows } = await database.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'active', started_on = now() WHERE name = $1 RETURNING id`,
      [job.name],
    );
    expect(rows).toHaveLength(1);
    const live = await startJobRunner({ database, config: jobTestConfig(), log: silentLog(), jobs: [job], maintenanceIntervalSeconds: 1 });
    try {
      await waitFor(() => ran.length > 0, 15_000, 'the orphaned job to run again');
      expect(ran).toEqual([9]);
    } finally {
      await live.stop(1000);
    }
  });
});
