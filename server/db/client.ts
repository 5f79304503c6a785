// Opens the database: embedded PGlite in the data dir by default, PostgreSQL when a URL is given.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { drizzleParsersOnInstance } from './pglite-parsers';
import { DEFAULT_PREPARED_STATEMENTS } from './pglite-statements';
import { schema, type Schema } from './schema';

/** A database or a transaction: services accept either, so callers choose the transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Runs `work` with a database of its own session, holding a PostgreSQL advisory lock: two
   * replicas starting together migrate one after the other. No statement timeout applies (an
   * index on a big table may take minutes). On PGlite, `work` gets the one database.
   */
  exclusively<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, delivered after the notifying transaction
   * commits. On PostgreSQL a lost listening connection is reopened, and `onNotify('')` is called
   * then, since anything may have changed meanwhile. Closing the database stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
  /**
   * Runs SQL text as given, outside Drizzle: with values, one statement with $n parameters;
   * without, any number of statements. For the job queue library (server/jobs), which brings
   * its own SQL.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** SQL statements run through `db` since opening (for /metrics and the benchmark). */
  statementCount(): number;
  /**
   * PostgreSQL only: the pool's connections now (open, idle, the most it opens) and the
   * queries waiting for one (for /metrics). PGlite has one session and no pool.
   */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PGlite only: the data dir as an uncompressed tarball, to start another database from (tests'
   * migrated template, backups). Taken while no statement runs: a copy as a crash would leave it.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** Drizzle's options plus a logger that only counts statements (it never sees parameters' fate). */
function countingOptions() {
  const counter = { count: 0 };
  return { counter, options: { ...drizzleOptions, logger: { logQuery: () => void (counter.count += 1) } } };
}

export type DatabaseTarget =
  | {
      url: string;
      poolSize?: number;
      /** Longest a statement may run on the server (ms); 0 or unset: no limit (scripts). */
      statementTimeoutMs?: number;
    }
  | {
      pgliteDir: string;
      sharedBuffers?: string;
      /** Statements named at most (server/db/pglite-statements.ts); 0: none. */
      preparedStatements?: number;
      /** A data dir dumped by `dumpDataDir`, written into an empty `pgliteDir` (a restore, server/backups). */
      from?: Blob;
    }
  | {
      inMemory: true;
      /** As for pgliteDir (tests use the default). */
      preparedStatements?: number;
      /** A data dir dumped by `dumpDataDir`: the database starts as it was, without initdb (tests). */
      from?: Blob;
    };

export type OpenOptions = {
  /** Errors of idle pooled connections (server restart, database dropped). Logged, never fatal. */
  onIdleError?: (error: Error) => void;
  /** The embedded directory's lock was taken from this process (see data-dir-lock.ts). */
  onLockLost?: (error: Error) => void;
};

/** A server that accepts the connection but never answers is given up on after this long. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A transaction left open by a crashed request releases its locks after this long. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/** Any client and server pair that went silent: the client stops waiting this long after the statement limit. */
const CLIENT_GRACE_MS = 5_000;

/**
 * How long a request waits for one of the pool's connections when all are busy. A sale's burst
 * (hardening/oversell.test.ts: 250 completions at once per process, 10 connections) queues for
 * seconds; failing them at the 5 s connect limit answered "Something went wrong" to buyers a
 * moment from their turn. As long as one statement may run (DATABASE_STATEMENT_TIMEOUT's default).
 */
const POOL_WAIT_MS = 15_000;

/** The pool's connections keep the connect limit: pg-pool's own timeout is the wait above. */
class PooledClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** Connection settings every PostgreSQL connection of ours uses. */
export function postgresConnectionOptions(url: string, statementTimeoutMs = 0): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_GRACE_MS } : {}),
  };
}

/** Arbitrary, fixed: the advisory lock key that serialises migrations across replicas. */
const MIGRATION_LOCK_KEY = 7_357_001;

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({
      ...postgresConnectionOptions(target.url, target.statementTimeoutMs),
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: PooledClient,
    });
    // Without a listener, an idle client's error (e.g. 57P01 on a server restart) crashes the process;
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', options.onIdleError ?? ((error) => console.warn(`database connection lost: ${error.message}`)));
    const { counter, options: counted } = countingOptions();
    const db = drizzlePg(pool, counted) as unknown as Database;
    const listeners: (() => Promise<void>)[] = [];
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      executeSql: (text, values) => pool.query(text, values),
      statementCount: () => counter.count,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
      exclusively: async (work) => {
        const client = new pg.Client(postgresConnectionOptions(target.url));
        client.on('error', options.onIdleError ?? (() => undefined));
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          return await work(drizzlePg(client, drizzleOptions) as unknown as Database);
        } finally {
          // Ending the session releases the advisory lock too, even if unlocking failed.
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      listen: async (channel, onNotify) => {
        listeners.push(await listenOnPostgres(target.url, channel, onNotify, options.onIdleError));
      },
      close: async () => {
        await Promise.all(listeners.splice(0).map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  let lock: { release(): Promise<void> } | undefined;
  if ('pgliteDir' in target) {
    dataDir = path.resolve(target.pgliteDir);
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir, options.onLockLost ?? ((error) => {
      throw error;
    }));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      ...('from' in target && target.from ? { loadDataDir: target.from } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...('sharedBuffers' in target && target.sharedBuffers ? ['-c', `shared_buffers=${target.sharedBuffers}`] : [])],
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const { counter, options: counted } = countingOptions();
  // Drizzle's parsers on the instance, not copied into ~400 others for every query (pglite-parsers.ts).
  const preparedStatements = ('preparedStatements' in target ? target.preparedStatements : undefined) ?? DEFAULT_PREPARED_STATEMENTS;
  const { forDrizzle, ownParsers } = drizzleParsersOnInstance(client, preparedStatements);
  const db = drizzlePglite(forDrizzle, counted) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    executeSql: async (text, values) => {
      // With PGlite's own parsers for the types Drizzle reads as text: dates as before.
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values, { parsers: ownParsers });
      // exec runs several statements (query: one); the caller reads the last one's rows.
      const results = await client.exec(text, { parsers: ownParsers });
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    statementCount: () => counter.count,
    dumpDataDir: () => client.dumpDataDir('none'),
    exclusively: (work) => work(db),
    listen: async (channel, onNotify) => void (await client.listen(channel, onNotify)),
    close: async () => {
      await client.close();
      await lock?.release();
    },
  };
}

/** LISTEN on a connection of its own (pooled connections come and go), reopened when lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError?.(error);
      reconnectSoon();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnectSoon = () => {
    void client?.end().catch(() => undefined);
    client = null;
    if (stopped) return;
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => onNotify(''),
        () => reconnectSoon(),
      );
    }, 1000).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
