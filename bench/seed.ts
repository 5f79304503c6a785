// `npx tsx bench/seed.ts [N ...]`: times the demo catalogue seed (database rows and generated
// images) on a fresh in-memory PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set (a
// scratch database is created and dropped). Prints one row per driver and size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedCatalogue } from '../server/seed/catalogue/catalogue.seed';
import { createDataDirStorage } from '../server/storage/datadir-storage';

const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const adminUrl = process.env.BENCH_DATABASE_URL;

async function scratchPostgres(): Promise<DatabaseHandle> {
  const name = `suki_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const rows: string[] = [];
for (const products of sizes.length ? sizes : [300, 10_000]) {
  for (const driver of adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const handle = driver === 'pglite' ? await openDatabase({ inMemory: true }) : await scratchPostgres();
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'suki-bench-media-'));
    try {
      await migrateDatabase(handle);
      const started = performance.now();
      await handle.db.transaction((tx) => seedCatalogue(tx, { products, storage: createDataDirStorage(mediaDir) }));
      const seconds = (performance.now() - started) / 1000;
      rows.push(`| ${driver} | ${products} | ${seconds.toFixed(1)} s | ${Math.round(products / seconds)} products/s |`);
      console.log(rows.at(-1));
    } finally {
      await handle.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  }
}
console.log(['', '| driver | products | catalogue seed (rows + images) | rate |', '|---|---|---|---|', ...rows].join('\n'));
