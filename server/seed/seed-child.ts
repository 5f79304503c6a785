// The embedded database's first start: migrations and the demo seed run in a child process of
// the same program, which exits when done. PGlite's WebAssembly heap grows for the seed (10,000
// products with images) and never gives the memory back; in the child, it is returned to the
// system when the child exits, and the serving process opens the seeded directory afresh.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The argument that makes the server program seed and exit instead of serving. */
export const SEED_ONLY_FLAG = '--seed-only';

/** True when PGlite has not yet created a database in `pgliteDir`. */
export function freshEmbeddedDatabase(pgliteDir: string): boolean {
  return !existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * Runs this program again with SEED_ONLY_FLAG (same Node options but the heap limits, so tsx in
 * development and the bundle in production both work) and waits for it; rejects when it fails. The child takes the
 * data directory's lock and releases it before exiting.
 */
export function seedInChildProcess(): Promise<void> {
  const script = process.argv[1];
  if (!script) return Promise.reject(new Error('cannot find the server program to seed with'));
  return new Promise((resolve, reject) => {
    // Without the serving process's heap limit (scripts/server-node.mjs): the seed's memory goes
    // back to the system when the child exits, and a 100,000-product seed needs more than serving.
    const execArgv = process.execArgv.filter((arg) => !/^--max[-_](old|semi)[-_]space[-_]size/.test(arg));
    const child = fork(script, [SEED_ONLY_FLAG], { stdio: 'inherit', execArgv });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`seeding the embedded database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
