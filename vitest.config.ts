import { defineConfig } from 'vitest/config';

// Vitest may otherwise load two copies of graphql ("another module or realm").
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

const integration = (name: string, env: Record<string, string>) => ({
  resolve,
  test: {
    name,
    // Every integration file runs on both databases.
    include: ['server/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
    // *.pg.int.test.ts need a PostgreSQL server (several connections, advisory locks).
    exclude: name === 'postgres' ? [] : ['**/*.pg.int.test.ts', 'node_modules/**'],
    env,
    // Each file's PGlite starts from one migrated data dir per run (server/testing/pglite-template.setup.ts).
    ...(name === 'pglite' ? { globalSetup: ['server/testing/pglite-template.setup.ts'] } : {}),
    ...(name === 'postgres' ? { setupFiles: ['server/testing/pg-one-query-at-a-time.setup.ts'] } : {}),
    // A timeout catches a hang, not slowness: the heaviest tests (migrating twice at once, 50
    // concurrent checkouts, a job surviving a restart) take 10-30 s on a loaded 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // The files of a worker share one module graph (the server's, as createTestApi imports it):
    // loading it afresh for each file was 60% of the run's summed time (import 167-172 s of
    // about 290 s per project on this machine), for state no file keeps. Every file opens its own
    // database and API; what the server keeps in modules is keyed by its API, config or database
    // (WeakMaps), or is immutable. Order independence is checked with --sequence.shuffle.files
    // (plain --sequence.shuffle also reorders the tests inside a file, whose journeys build on
    // each other).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores - 1); the integration
    // files wait on PostgreSQL or on their own PGlite, so two at a time take about 40% less wall
    // time. The browser and hardening projects stay one file at a time (fileParallelism: false).
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
        },
      },
      integration('pglite', { TEST_DB_DRIVER: 'pglite' }),
      // Runs only when TEST_DATABASE_URL points at a PostgreSQL server (.ci/run sets it).
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres', { TEST_DB_DRIVER: 'postgres' })] : []),
      {
        resolve,
        test: {
          // npm run test:hardening (README): several shop processes, kills, fuzzing.
          name: 'hardening',
          include: ['hardening/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/failure-report.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
