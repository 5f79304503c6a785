// Durable jobs (docs/decisions/018-durable-jobs.md): a job is defined once with its handler and
// retry policy, and enqueued with a database or a transaction. Enqueued inside a service's
// transaction, the job commits or rolls back with it (a transactional outbox). pg-boss keeps
// the jobs in the database (schema pgboss) and the runner (job-runner.ts) works them.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ServiceContext } from '../graphql/context';
import { drizzleExecutor, JOB_SCHEMA } from './job-sql';

export type JobContext = {
  /** The database (not a transaction): a handler opens its own transactions. */
  db: Database;
  config: Config;
  log: Logger;
  jobId: string;
  /** 0 on the first run, 1 on the first retry, and so on. */
  retryCount: number;
  /** The embedded database's consistent copy (PGlite only; the nightly backup's, server/backups). */
  dumpDataDir?: () => Promise<Blob>;
};

/** The services' context for work a job does on the shop's behalf: no user, the job's id as request id. */
export const jobServiceContext = (ctx: Pick<JobContext, 'db' | 'config' | 'log' | 'jobId'>): ServiceContext => ({
  db: ctx.db,
  config: ctx.config,
  log: ctx.log,
  user: null,
  requestId: `job:${ctx.jobId}`,
});

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export type JobPolicy = {
  /** Retries after the first failure (0: never retried). */
  retryLimit: number;
  /** Seconds before the first retry; with backoff it roughly doubles each time (plus jitter). */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A run longer than this counts as failed (and a crashed worker's job is retried after it). */
  expireInSeconds: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
};

export type JobDefinition<P> = {
  name: string;
  handler: JobHandler<P>;
  policy: JobPolicy;
};

export const DEFAULT_JOB_POLICY: JobPolicy = { retryLimit: 5, retryDelaySeconds: 10, backoff: true, expireInSeconds: 15 * 60, concurrency: 2 };

const QUEUE_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

/** Declares a kind of job. The runner works every job listed in job-list.ts. */
export function defineJob<P extends object>(
  name: string,
  handler: JobHandler<P>,
  policy: Partial<JobPolicy> = {},
): JobDefinition<P> {
  if (!QUEUE_NAME.test(name)) throw new Error(`not a job name: ${name} (lower-case words joined by . or -)`);
  return { name, handler, policy: { ...DEFAULT_JOB_POLICY, ...policy } };
}

export type EnqueueOptions = {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job with this key per job name: enqueueing it again while one waits
   * (not yet started) does nothing and returns null.
   */
  singletonKey?: string;
};

// Only its SQL building and argument checks are used: it is never started, and each call
// passes the database (or transaction) to write with.
let sender: PgBoss | null = null;
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: () => Promise.reject(new Error('the job sender is given a database on each call')),
    },
  });
  return sender;
}

/**
 * Queues a job. With a transaction (ctx.db inside db.transaction), the job exists only if that
 * transaction commits. Returns the job's id, or null when singletonKey found one waiting.
 */
export async function enqueueJob<P extends object>(
  db: Database,
  job: JobDefinition<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return enqueueOne(drizzleExecutor(db), job, payload, options);
}

/** What enqueueing reads of a job's definition. */
type JobKind = Pick<JobDefinition<object>, 'name' | 'policy'>;

async function enqueueOne(executor: PgBoss.Db, job: JobKind, payload: object, options: EnqueueOptions): Promise<string | null> {
  const send = () => sendWith(executor, job, payload, options);
  // Sent first, the queue checked only if nothing was inserted: pg-boss's insert joins the
  // queue table, so a missing queue inserts no row (and raises nothing). The queue nearly
  // always exists (the runner creates every queue at start), and checking it first cost a
  // statement per job, two per order.
  const id = await send();
  if (id !== null || (await queueExists(executor, job.name))) return id;
  await ensureQueue(executor, job.name);
  return send();
}

/** One job to enqueue with others (enqueueJobs). */
export type JobToEnqueue = { job: JobKind; payload: object; options?: EnqueueOptions };

/**
 * Several jobs in one statement: each pg-boss insert as a step of one WITH (an order's two
 * payment-window jobs cost a round trip each before). A job that inserted nothing (its queue
 * missing, or one waiting with its singleton key) goes the one-job way, which tells the two apart.
 * Returns each job's id, or null, in the order given.
 */
export async function enqueueJobs(db: Database, jobs: readonly JobToEnqueue[]): Promise<(string | null)[]> {
  const executor = drizzleExecutor(db);
  if (jobs.length < 2) return Promise.all(jobs.map(({ job, payload, options }) => enqueueOne(executor, job, payload, options ?? {})));
  const inserts: { text: string; values: unknown[] }[] = [];
  const recorder: PgBoss.Db = {
    executeSql: async (text: string, values: unknown[] = []) => {
      inserts.push({ text, values });
      return { rows: [] };
    },
  };
  for (const { job, payload, options } of jobs) await sendWith(recorder, job, payload, options ?? {});
  if (inserts.length !== jobs.length) throw new Error('pg-boss sent other than one insert per job');
  let offset = 0;
  const steps: string[] = [];
  const values: unknown[] = [];
  inserts.forEach((insert, i) => {
    const shift = offset;
    steps.push(`job_${i} AS (${insert.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)})`);
    values.push(...insert.values);
    offset += insert.values.length;
  });
  const ids = inserts.map((_, i) => `(SELECT id FROM job_${i}) AS id_${i}`).join(', ');
  const { rows } = await executor.executeSql(`WITH ${steps.join(', ')} SELECT ${ids}`, values);
  const row = rows[0] ?? {};
  const result: (string | null)[] = [];
  // One after the other: in a transaction they share its one connection.
  for (const [i, { job, payload, options }] of jobs.entries()) {
    const id = row[`id_${i}`];
    result.push(typeof id === 'string' ? id : await enqueueOne(executor, job, payload, options ?? {}));
  }
  return result;
}

/** pg-boss's send of one job, with the job's retry policy, through `executor`. */
function sendWith(executor: PgBoss.Db, job: JobKind, payload: object, options: EnqueueOptions): Promise<string | null> {
  return jobSender().send(job.name, payload, {
    db: executor,
    retryLimit: job.policy.retryLimit,
    retryDelay: job.policy.retryDelaySeconds,
    retryBackoff: job.policy.backoff,
    expireInSeconds: job.policy.expireInSeconds,
    ...(options.runAt ? { startAfter: options.runAt } : {}),
    // Queues use pg-boss's "short" policy, which allows one waiting job per key, so a job
    // without a key of its own gets a unique one.
    singletonKey: options.singletonKey ?? randomUUID(),
  });
}

async function queueExists(executor: PgBoss.Db, name: string): Promise<boolean> {
  const { rows } = await executor.executeSql(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = $1`, [name]);
  return rows.length > 0;
}

/**
 * Creates the job's queue when missing (a no-op otherwise), inside the caller's transaction.
 * pg-boss 10's create_queue attaches a partition to its job table without a lock of its own:
 * two processes creating queues at once (replicas starting together) deadlock on that table.
 * Creation therefore takes a transaction-scoped advisory lock first (from the subquery, which
 * runs before the projection); a queue that exists is found without taking it.
 */
export async function ensureQueue(executor: PgBoss.Db, name: string): Promise<void> {
  if (await queueExists(executor, name)) return;
  await executor.executeSql(
    `SELECT ${JOB_SCHEMA}.create_queue($1, $2) FROM (SELECT pg_advisory_xact_lock(hashtext('suki_jobs_create_queue'))) AS locked`,
    [name, JSON.stringify({ policy: 'short' })],
  );
}
