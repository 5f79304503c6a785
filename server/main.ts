// The process: config -> database -> API -> HTTP.
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { freshEmbeddedDatabase, SEED_ONLY_FLAG, seedInChildProcess } from './seed/seed-child';
import { createServer, type Server } from 'node:http';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { DatabaseUnreachableError, databaseFailureCause, waitForDatabase } from './db/wait-for-database';
import { createTableCache } from './db/table-cache';
import { createSessionCache, USERS_CHANNEL } from './modules/accounts/session-cache';
import { CATALOGUE_CHANNEL, catalogueChangeTable } from './graphql/response-cache';
import { createApi } from './graphql/yoga';
import { createHttpApp } from './http/app';
import { storageOf } from './storage/file-storage';
import { createDrain } from './http/graceful-stop';
import { createDatabaseWatch, DATABASE_WATCH_DEFAULTS, postgresProbe } from './http/database-watch';
import { ALL_JOBS } from './jobs/job-list';
import { startJobRunner } from './jobs/job-runner';
import { scheduleNightlyBackup } from './backups/nightly-backup';
import { scheduleUnitsSoldFold } from './modules/catalogue/units-sold.service';
import { analyzeIfNeverAnalyzed, scheduleEmbeddedVacuum } from './maintenance/embedded-database';
import { createLogger } from './lib/logger';
import { startReturningFreedMemory } from './lib/return-freed-memory';
import { projectRoot } from './lib/project-root';
import { seedDemoOnce } from './seed/seed-demo';
import { endTracing, isTracing } from './telemetry/tracing-state';

const rootDir = projectRoot;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = createLogger(config);
  if (process.argv.includes(SEED_ONLY_FLAG)) return seedOnly(config, log);
  // Found out now rather than after the migrations and the seed; listen() still checks.
  await assertPortFree(config.port);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // The first start of the embedded database migrates and seeds in a child process: PGlite's
  // WebAssembly heap grows for the seed and never shrinks, so a serving process that seeded
  // kept ~270 MB more for its whole life (bench/README.md, memory).
  if (!config.databaseUrl && !config.isLive && freshEmbeddedDatabase(pgliteDir)) await seedInChildProcess();
  // PostgreSQL can go away under a running shop: probed once the shop serves, so that an outage
  // is said at once (server/http/database-watch.ts).
  const databaseWatch = config.databaseUrl ? createDatabaseWatch(postgresProbe(config.databaseUrl, DATABASE_WATCH_DEFAULTS.timeoutMs), log) : undefined;
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs }
      : { pgliteDir, sharedBuffers: config.pgliteSharedBuffers, preparedStatements: config.pglitePreparedStatements },
    {
      onIdleError: (error) => {
        log.warn({ err: error }, 'idle database connection lost');
        databaseWatch?.suspect(error);
      },
      onLockLost: (error) => {
        log.fatal({ err: error }, 'another process took the embedded database lock; stopping before anything is overwritten');
        process.exit(1);
      },
    },
  );
  if (config.databaseUrl) {
    await waitForDatabase(database, { url: config.databaseUrl, waitSeconds: config.databaseWaitSeconds, onRetry: (line) => log.warn(line) });
  }
  await migrateDatabase(database);
  if (!config.isLive) await seedDemoOnce(database.db, { products: config.seedProducts, log, storage: storageOf({ config, db: database.db }) });
  // The embedded database has no autoanalyze: statistics for tables that have none (a new data
  // directory after its seed, a table a migration added), and a nightly VACUUM (ANALYZE) below.
  await analyzeIfNeverAnalyzed(database.db, database.driver, log);

  // Checkout's near-static settings, dropped on the same change notifications (ADR 029).
  const tableCache = createTableCache(database.db);
  await database.listen(CATALOGUE_CHANNEL, (payload) => tableCache.changed(catalogueChangeTable(payload)));
  tableCache.start();
  // Checked sessions, dropped on their user's change notification (ADR 031).
  const sessionCache = createSessionCache(Date.now, config.memory.sessionCacheBytes);
  await database.listen(USERS_CHANNEL, (payload) => sessionCache.changed(payload));
  sessionCache.start();
  const api = createApi({ db: database.db, config, log, listen: config.responseCache ? database.listen : undefined, tableCache, sessionCache });
  await api.ready();
  const vite = config.isProduction
    ? undefined
    : await import('vite').then(({ createServer }) =>
        createServer({ root: rootDir, server: { middlewareMode: true }, appType: 'custom' }),
      );
  // Durable jobs (emails, web push, webhooks, payment expiry); JOBS_WORKER=off only enqueues.
  const jobs = await startJobRunner({ database, config, log, jobs: ALL_JOBS });
  // The nightly backup into DATA_DIR/backups (BACKUP_TIME, BACKUP_KEEP; docs/operations/backups.md).
  await scheduleNightlyBackup(database.db, config);
  // Units sold folded into products for the best-selling order, every minute (ADR 058).
  await scheduleUnitsSoldFold(database.db);
  await scheduleEmbeddedVacuum(database.db, database.driver);
  databaseWatch?.start();
  const handler = await createHttpApp({ config, database, api, log, rootDir, vite, metricsRegistries: [jobs.registry], databaseWatch });

  // A stop finishes the requests in flight first (server/http/graceful-stop.ts).
  const drain = createDrain(handler);
  const server = await listen({ listen: (port, done) => createServer(drain.handler).listen(port, done).once('error', done) }, config.port);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  log.info(`Suki is ready at ${config.publicUrl} (${database.driver}, started in ${seconds} s)`);
  if (isTracing()) log.info({ endpoint: config.tracing.endpoint, service: config.tracing.serviceName }, 'tracing to the OTLP collector');
  else if (config.tracing.endpoint) log.warn('OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing did not start: run the built server (npm run serve), or node with --import dist/telemetry.js');
  // What the helper threads freed goes back to the system (docs/operations/memory-and-overload.md).
  const stopReturningMemory = startReturningFreedMemory(config.returnFreedMemoryMs, log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopReturningMemory();
    log.info({ signal, inFlight: drain.inFlight() }, 'shutting down: no new connections; finishing the requests in flight');
    const drained = await drain.stop(server, config.shutdownGraceMs);
    if (!drained) log.warn(`requests still in flight after ${config.shutdownGraceMs / 1000} s were cut`);
    // Jobs under way finish (or are retried after they expire), then the database closes.
    await jobs.stop();
    databaseWatch?.stop();
    await vite?.close();
    await database.close();
    // The spans not yet sent go to the collector before the process ends.
    await endTracing();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The child of seedInChildProcess: migrates and seeds the embedded database, then exits. */
async function seedOnly(config: ReturnType<typeof loadConfig>, log: ReturnType<typeof createLogger>) {
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite'), sharedBuffers: config.pgliteSharedBuffers, preparedStatements: config.pglitePreparedStatements });
  try {
    await migrateDatabase(database);
    await seedDemoOnce(database.db, { products: config.seedProducts, log, storage: storageOf({ config, db: database.db }) });
  } finally {
    await database.close();
  }
  process.exit(0);
}

class PortInUseError extends Error {}

/** Resolves once the server listens; rejects (rather than log "ready" and idle) when it cannot. */
function listen(app: { listen(port: number, done: (error?: Error) => void): Server }, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (error?: Error) => {
      if (!error) return resolve(server);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') reject(new PortInUseError(`PORT ${port} is already in use by another program: stop it, or set PORT to a free port.`));
      else if (code === 'EACCES') reject(new PortInUseError(`PORT ${port} may not be used by this user: choose a port above 1023.`));
      else reject(error);
    });
  });
}

async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await listen({ listen: (p, done) => probe.listen(p, () => done()).once('error', done) }, port);
  } finally {
    await new Promise((resolve) => probe.close(resolve));
  }
}

/** Start failures the operator can fix, each told in one line. */
const oneLineFailures = [ConfigError, DataDirInUseError, DatabaseUnreachableError, PortInUseError];

main().catch((error: unknown) => {
  if (oneLineFailures.some((kind) => error instanceof kind)) {
    console.error(`Suki failed to start: ${(error as Error).message}`);
  } else if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') {
    console.error('Suki failed to start:', error);
  } else {
    console.error(`Suki failed to start: ${databaseFailureCause(error)} (LOG_LEVEL=debug shows the stack)`);
  }
  process.exit(1);
});
