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
import { schema, type Schema } from './schema';

/** A database or a transaction: services accept either, so callers choose the transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export type DatabaseTarget = { url: string; poolSize?: number } | { pgliteDir: string } | { inMemory: true };

export type OpenOptions = {
  /** Errors of idle pooled connections (server restart, database dropped). Logged, never fatal. */
  onIdleError?: (error: Error) => void;
};

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // Without a listener, an idle client's error (e.g. 57P01 on a server restart) crashes the process;
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', options.onIdleError ?? ((error) => console.warn(`database connection lost: ${error.message}`)));
    const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if ('pgliteDir' in target) {
    dataDir = path.resolve(target.pgliteDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
