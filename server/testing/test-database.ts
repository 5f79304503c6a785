// A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL
// database (created and dropped) when the test project runs with TEST_DB_DRIVER=postgres.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
// Services the tests call raise events and ask ports: their handlers must be registered.
import '../modules/wiring';

export type TestDatabase = DatabaseHandle & { name: string };

export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of a test database on the TEST_DATABASE_URL server (a second connection to it). */
export function databaseUrl(name: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Blob | undefined;

/** The run's migrated PGlite data dir, when the project's global setup made one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

export async function createTestDatabase(driver = testDriver()): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await openDatabase({ inMemory: true, from: pgliteTemplate() });
    // Nothing to do when it started from the run's migrated template (pglite-template.setup.ts).
    await migrateDatabase(handle);
    return { ...handle, name: 'pglite:memory' };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres test project');
  const name = `suki_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  // Dropping the database at the end terminates idle connections (57P01): expected here.
  const handle = await openDatabase({ url }, { onIdleError: () => {} });
  await migrateDatabase(handle);
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
