import { defineConfig } from 'vitest/config';

// Vitest may otherwise load two copies of graphql ("another module or realm").
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// On PostgreSQL, `npm test` runs the files where the database server behaves differently from
// the embedded one (concurrency, locks, LISTEN/NOTIFY, replicas, migrations, search, the core
// flows); every file still runs on PGlite. TEST_POSTGRES_ALL=1 runs every file on both, as
// before: twice the time, which a CI run under 30 minutes cannot afford.
const POSTGRES_FOCUS = [
  'server/**/*.pg.int.test.ts',
  'server/db/migrate.int.test.ts',
  'server/graphql/response-cache.int.test.ts',
  'server/jobs/*.int.test.ts',
  'server/modules/accounts/accounts.int.test.ts',
  'server/modules/accounts/session-cache.int.test.ts',
  'server/modules/catalogue/catalogue.int.test.ts',
  'server/modules/catalogue/search-order.int.test.ts',
  'server/modules/catalogue/stock-visibility.int.test.ts',
  'server/modules/checkout/checkout*.int.test.ts',
  'server/modules/orders/order-staff.int.test.ts',
  'server/modules/orders/payment-expiry.int.test.ts',
  'server/modules/payments/**/*.int.test.ts',
  'server/modules/referrals/*.int.test.ts',
  'server/modules/tires/tires.int.test.ts',
];

const integration = (name: string, env: Record<string, string>) => ({
  resolve,
  test: {
    name,
    include: name === 'postgres' && !process.env.TEST_POSTGRES_ALL ? POSTGRES_FOCUS : ['server/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
    // *.pg.int.test.ts need a PostgreSQL server (several connections, advisory locks).
    exclude: name === 'postgres' ? [] : ['**/*.pg.int.test.ts', 'node_modules/**'],
    env,
    // Each file's PGlite starts from one migrated data dir per run (server/testing/pglite-template.setup.ts).
    ...(name === 'pglite' ? { globalSetup: ['server/testing/pglite-template.setup.ts'] } : {}),
    // A timeout catches a hang, not slowness: the heaviest tests (migrating twice at once, 50
    // concurrent checkouts, a job surviving a restart) take 10-30 s on a loaded 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 90_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
