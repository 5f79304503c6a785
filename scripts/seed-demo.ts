// `npm run seed -- --products N`: migrates the configured database (DATABASE_URL, else PGlite in
// DATA_DIR) and seeds the demo shop once, then prints how long it took. A database that already
// holds the demo shop is left as it is (use a fresh DATA_DIR or database to seed again).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { storageOf } from '../server/storage/file-storage';
import { createLogger } from '../server/lib/logger';
import { seedDemoOnce } from '../server/seed/seed-demo';

const { values } = parseArgs({
  options: { products: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: false,
});

if (values.help) {
  console.log('Usage: npm run seed -- [--products N]   (default: SEED_PRODUCTS or 300)');
  process.exit(0);
}

const config = loadConfig();
const products = values.products != null ? Number(values.products) : config.seedProducts;
if (!Number.isInteger(products) || products < 0 || products > 1_000_000) {
  console.error('--products must be a whole number from 0 to 1000000');
  process.exit(2);
}

const log = createLogger(config);
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
try {
  await migrateDatabase(database);
  const started = performance.now();
  const ran = await seedDemoOnce(database.db, { products, log, storage: storageOf({ config, db: database.db }) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    ran
      ? `Seeded the demo shop with ${products} products on ${database.driver} in ${seconds} s.`
      : 'The demo shop was seeded before; nothing to do (use a fresh DATA_DIR or database).',
  );
} finally {
  await database.close();
}
