// The pglite test project's global setup: one embedded database is migrated per run and kept as
// a tarball, and each test file's database starts from it (about 1.7 s) instead of running initdb
// and every migration again (about 4.4 s; over 150 files, minutes of a CI run).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data dir's tarball (test-database.ts starts from it). */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject) {
  const handle = await openDatabase({ inMemory: true });
  try {
    await migrateDatabase(handle);
    const dump = await handle.dumpDataDir!();
    dir = mkdtempSync(path.join(tmpdir(), 'suki-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await handle.close();
  }
}

export function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
