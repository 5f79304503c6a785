// Works the durable jobs: one pg-boss instance per process on the process's database handle.
// Any number of replicas may run it; pg-boss claims each job with FOR UPDATE SKIP LOCKED, so
// a job runs on one of them. JOBS_WORKER=off leaves a replica enqueue-only.
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { handleExecutor, JOB_SCHEMA } from './job-sql';
import { ensureQueue, type JobDefinition } from './jobs';
import { inJobSpan } from '../telemetry/job-spans';

export type JobRunnerDeps = {
  database: Pick<DatabaseHandle, 'db' | 'executeSql' | 'dumpDataDir'>;
  config: Config;
  log: Logger;
  /** The jobs this process knows (job-list.ts in the shop). */
  jobs: readonly JobDefinition<never>[];
  /** How often pg-boss retries the jobs of workers that died (tests shorten it). */
  maintenanceIntervalSeconds?: number;
};

export type JobRunner = {
  /** jobs_* metrics, merged into /metrics. */
  registry: Registry;
  working: boolean;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
};

export async function startJobRunner({ database, config, log, jobs, maintenanceIntervalSeconds = 60 }: JobRunnerDeps): Promise<JobRunner> {
  const executor = handleExecutor(database);
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    // migrateDatabase installed the schema; here pg-boss only checks its version.
    migrate: false,
    // Maintenance (retrying the jobs of a worker that died, archiving) and the clock check run
    // on working replicas only; pg-boss serialises them across replicas itself.
    supervise: config.jobsWorker,
    schedule: false,
    maintenanceIntervalSeconds,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const registry = new Registry();
  const runs = new Counter({
    name: 'suki_job_runs_total',
    help: 'Job runs in this process, by job and outcome (completed, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'suki_jobs',
    help: 'Jobs in the database by job and state (created and retry: queued; failed: gave up)',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await database.executeSql(
        `SELECT name, state, count(*)::int AS count FROM ${JOB_SCHEMA}.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      );
      for (const row of rows) this.set({ job: String(row.name), state: String(row.state) }, Number(row.count));
    },
  });

  const running = new Gauge({
    name: 'suki_job_running',
    help: 'Jobs running in this process now, by job (suki_jobs{state="active"} counts every replica\'s)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'suki_job_duration_seconds',
    help: 'How long job runs in this process took, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  for (const job of jobs) running.set({ job: job.name }, 0);

  for (const job of jobs) await ensureQueue(executor, job.name);
  let stopping = false;
  const loops: Promise<void>[] = [];
  const idle = new Set<() => void>();

  /** Runs one claimed job; pg-boss records the outcome (completed, or retry/failed per policy). */
  const runOne = async (job: JobDefinition<never>, claimed: PgBoss.JobWithMetadata<object>) => {
    const jobLog = log.child({ job: job.name, jobId: claimed.id, retryCount: claimed.retryCount });
    const stop = durations.startTimer({ job: job.name });
    running.inc({ job: job.name });
    try {
      // A handler that hangs frees its slot when the job expires (pg-boss then retries the job).
      await inJobSpan({ name: job.name, id: claimed.id, retryCount: claimed.retryCount }, () =>
        withTimeout(
          job.handler(claimed.data as never, {
            db: database.db,
            config,
            log: jobLog,
            jobId: claimed.id,
            retryCount: claimed.retryCount,
            dumpDataDir: database.dumpDataDir,
          }),
          job.policy.expireInSeconds * 1000,
        ),
      );
      running.dec({ job: job.name });
      stop({ outcome: 'completed' });
      runs.inc({ job: job.name, outcome: 'completed' });
      await boss.complete(job.name, claimed.id);
    } catch (error) {
      running.dec({ job: job.name });
      stop({ outcome: 'failed' });
      runs.inc({ job: job.name, outcome: 'failed' });
      const last = claimed.retryCount >= claimed.retryLimit;
      jobLog[last ? 'error' : 'warn']({ err: error }, last ? 'job failed; no retries left' : 'job failed; it will be retried');
      await boss.fail(job.name, claimed.id, error instanceof Error ? { message: error.message } : { message: String(error) });
    }
  };

  // One loop per queue and slot: it takes due jobs back to back and sleeps a poll interval
  // when there are none (pg-boss's own work() sleeps between jobs too).
  const workLoop = async (job: JobDefinition<never>) => {
    while (!stopping) {
      let claimed: PgBoss.JobWithMetadata<object> | undefined;
      try {
        [claimed] = await boss.fetch<object>(job.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        log.error({ err: error, job: job.name }, 'could not fetch jobs');
      }
      if (claimed) {
        await runOne(job, claimed).catch((error: unknown) => log.error({ err: error, job: job.name }, 'job outcome not recorded'));
        continue;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          idle.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, config.jobsPollSeconds * 1000);
        idle.add(wake);
      });
    }
  };
  if (config.jobsWorker) {
    for (const job of jobs) {
      for (let slot = 0; slot < job.policy.concurrency; slot++) loops.push(workLoop(job));
    }
  }
  log.debug({ jobs: jobs.map((j) => j.name), working: config.jobsWorker }, 'job runner started');

  return {
    registry,
    working: config.jobsWorker,
    stop: async (timeoutMs = 10_000) => {
      stopping = true;
      for (const wake of [...idle]) wake();
      // Running jobs finish (up to the timeout); one cut off is retried after it expires.
      await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      await boss.stop({ graceful: false, close: false });
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job ran longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
