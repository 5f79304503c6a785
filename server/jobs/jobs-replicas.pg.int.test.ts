// Two replicas (two pools, two job runners) on one PostgreSQL database: each job runs once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createTestDatabase, databaseUrl, type TestDatabase } from '../testing/test-database';
import { startJobRunner, type JobRunner } from './job-runner';
import { jobTestConfig, silentLog, sleep, waitFor } from './job-testing';
import { defineJob, enqueueJob } from './jobs';

let database: TestDatabase;
let otherReplica: DatabaseHandle;
const runners: JobRunner[] = [];
const runs: { value: number; replica: string }[] = [];

const jobFor = (replica: string) =>
  defineJob<{ value: number }>('test.replicated', async (payload) => {
    // Long enough that both replicas poll while jobs are still waiting.
    await sleep(20);
    runs.push({ value: payload.value, replica });
  });

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  otherReplica = await openDatabase({ url: databaseUrl(database.name) }, { onIdleError: () => {} });
  const config = jobTestConfig();
  runners.push(await startJobRunner({ database, config, log: silentLog(), jobs: [jobFor('a')] }));
  runners.push(await startJobRunner({ database: otherReplica, config, log: silentLog(), jobs: [jobFor('b')] }));
});
afterAll(async () => {
  for (const runner of runners) await runner.stop(1000);
  await otherReplica?.close();
  await database?.close();
});

describe('durable jobs on two replicas', () => {
  it('runs each job exactly once', async () => {
    const job = jobFor('enqueuer');
    const values = Array.from({ length: 40 }, (_, i) => i);
    await database.db.transaction(async (tx) => {
      for (const value of values) await enqueueJob(tx, job, { value });
    });
    await waitFor(() => runs.length >= values.length, 30_000, 'all jobs');
    await sleep(1500);
    expect(runs.map((r) => r.value).sort((a, b) => a - b)).toEqual(values);
    // Both replicas took part (each polls every half second and takes one job at a time).
    expect(new Set(runs.map((r) => r.replica))).toEqual(new Set(['a', 'b']));
  });
});
