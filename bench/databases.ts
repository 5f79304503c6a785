// The bench's scratch databases: a fresh PGlite data dir, or a fresh database on a PostgreSQL
// server (created here, dropped by cleanup), with the environment a shop started on it needs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../server/db/client';

export type Driver = {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  target: DatabaseTarget;
  cleanup(): Promise<void>;
  /** PostgreSQL: the process ids of the server's backends connected to this database now. */
  backendPids?(): Promise<number[]>;
};

export async function pgliteDriver(): Promise<Driver> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-bench-'));
  return { name: 'pglite', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, target: { pgliteDir: path.join(dataDir, 'pglite') }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export async function postgresDriver(adminUrl: string, prefix = 'suki_bench'): Promise<Driver> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-bench-'));
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    target: { url: url.toString() },
    backendPids: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        return rows.map((row) => row.pid);
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
