// The process: config -> database -> API -> HTTP.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createApi } from './graphql/yoga';
import { createHttpApp } from './http/app';
import { mediaDir } from './http/media';
import { createLogger } from './lib/logger';
import { seedDemoOnce } from './seed/seed-demo';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: config.databasePoolSize } : { pgliteDir: path.join(config.dataDir, 'pglite') },
    { onIdleError: (error) => log.warn({ err: error }, 'idle database connection lost') },
  );
  await migrateDatabase(database);
  if (!config.isLive) await seedDemoOnce(database.db, { products: config.seedProducts, log, mediaDir: mediaDir(config.dataDir) });

  const api = createApi({ db: database.db, config, log });
  const vite = config.isProduction
    ? undefined
    : await import('vite').then(({ createServer }) =>
        createServer({ root: rootDir, server: { middlewareMode: true }, appType: 'custom' }),
      );
  const app = await createHttpApp({ config, database, api, log, rootDir, vite });

  const server = app.listen(config.port, () => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    log.info(`Suki is ready at ${config.publicUrl} (${database.driver}, started in ${seconds} s)`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    await vite?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Suki failed to start:', error);
  }
  process.exit(1);
});
