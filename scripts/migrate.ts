// npm run db:migrate: applies pending migrations to DATABASE_URL (or the embedded DATA_DIR)
// without starting the shop, e.g. as a release step before replicas roll.
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { waitForDatabase } from '../server/db/wait-for-database';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  if (config.databaseUrl) {
    await waitForDatabase(database, { url: config.databaseUrl, waitSeconds: config.databaseWaitSeconds, onRetry: (line) => console.warn(line) });
  }
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.driver}).`);
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
