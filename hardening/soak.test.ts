// The shop never falls over under a crawl of a real catalogue. 2,000
// products on each database (embedded PGlite; PostgreSQL when TEST_DATABASE_URL is set, in a
// fresh database created and dropped), then 50 connections over every product page, every
// page of /shop and a spread of searches (bench/crawl.ts) for 3 minutes: the process never
// exits, no 5xx but the designed 503 with Retry-After, and its RSS at the end within the
// budget (SERVER_RSS_BUDGET_MB, bench/crawl.ts). Figures in hardening/results/soak.json.
// On demand: HARDENING_SOAK_PRODUCTS=20000 HARDENING_SOAK_SECONDS=600 npm run test:hardening
// (HARDENING_SOAK_CONNECTIONS changes the 50).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_RSS_BUDGET_MB, crawl, crawlTable, crawlTargets, type CrawlFigures } from '../bench/crawl';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemoOnce } from '../server/seed/seed-demo';
import { createTestDatabase } from '../server/testing/test-database';
import { describeExit, fatalLine } from '../scripts/supervise.mjs';
import { createReport } from './report';
import { startShop } from './shop-process';

const PRODUCTS = Number(process.env.HARDENING_SOAK_PRODUCTS ?? 2_000);
const SECONDS = Number(process.env.HARDENING_SOAK_SECONDS ?? 180);
const CONNECTIONS = Number(process.env.HARDENING_SOAK_CONNECTIONS ?? 50);
const METRICS_TOKEN = 'hardening-soak-metrics-token-0123';
// Seeding (about 3 s per 2,000 products, rows only), start-up, the crawl, the shutdown.
const TIMEOUT_MS = (SECONDS + 180 + PRODUCTS / 100) * 1000;

const record = createReport('soak');

type Target = { driver: 'pglite' | 'postgres'; env: Record<string, string>; seedSeconds: number; cleanup(): Promise<void> };

/** The demo shop's rows (no images: a crawl of pages never asks for them) on a fresh database. */
async function seeded(driver: Target['driver']): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-soak-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (driver === 'pglite') {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await migrateDatabase(database);
      const started = performance.now();
      await seedDemoOnce(database.db, { products: PRODUCTS });
      return { driver, env: { DATA_DIR: dataDir }, seedSeconds: (performance.now() - started) / 1000, cleanup: removeDir };
    } finally {
      await database.close();
    }
  }
  const database = await createTestDatabase('postgres');
  const started = performance.now();
  await seedDemoOnce(database.db, { products: PRODUCTS });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database.name}`;
  return {
    driver,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    seedSeconds: (performance.now() - started) / 1000,
    cleanup: async () => {
      await database.close(); // drops the database
      await removeDir();
    },
  };
}

async function metricMb(url: string, name: string): Promise<number | null> {
  try {
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1];
    return value ? Math.round(Number(value) / 1024 / 1024) : null;
  } catch {
    return null;
  }
}

/** /healthz answers 200 again within a few seconds of the crawl's end. */
async function healthyAfter(url: string): Promise<number> {
  let status = 0;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    status = await fetch(`${url}/healthz`).then((r) => r.status, () => 0);
    if (status === 200) break;
  }
  return status;
}

async function soak(driver: Target['driver']) {
  const target = await seeded(driver);
  try {
    const shop = await startShop({ ...target.env, METRICS_TOKEN }, { overload: 'real' });
    let death = '';
    // 'close': after its last words on stderr (V8's out-of-memory line) have arrived.
    const closed = new Promise<void>((resolve) =>
      shop.child.once('close', (code, signal) => {
        death = describeExit({ code, signal, cause: fatalLine(shop.output()) });
        resolve();
      }),
    );
    try {
      const targets = await crawlTargets(shop.url);
      const figures: CrawlFigures = await crawl({
        base: shop.url,
        pid: shop.child.pid!,
        targets,
        connections: CONNECTIONS,
        seconds: SECONDS,
        progress: (line) => console.log(`[hardening] soak ${driver}: ${line}`),
      });
      if (figures.serverDied) await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
      const healthz = death ? 0 : await healthyAfter(shop.url);
      const heap = death
        ? null
        : {
            usedMb: await metricMb(shop.url, 'nodejs_heap_size_used_bytes'),
            totalMb: await metricMb(shop.url, 'nodejs_heap_size_total_bytes'),
            externalMb: await metricMb(shop.url, 'nodejs_external_memory_bytes'),
          };
      record(`${driver} ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s`, {
        products: PRODUCTS,
        seedSeconds: Math.round(target.seedSeconds * 10) / 10,
        rssBudgetMb: SERVER_RSS_BUDGET_MB[driver],
        ...figures,
        healthzAfter: healthz,
        heapAfter: heap,
        death: death || null,
      });
      console.log([`[hardening] soak ${driver}:`, ...crawlTable([{ label: driver, figures }])].join('\n'));

      expect(death, `the shop's process died during the crawl (${figures.responses} answers in): ${death}`).toBe('');
      // The embedded database has no autoanalyze: the shop gathered the seeded catalogue's
      // statistics at start (server/maintenance/embedded-database.ts); PostgreSQL's are its own.
      expect(/embedded database analyzed/.test(shop.output()), 'statistics gathered at start').toBe(driver === 'pglite');
      expect(figures.serverDied).toBe(false);
      expect(figures.other5xx, `5xx answers other than 503: ${JSON.stringify(figures.statuses)}, first: ${figures.firstErrors.join('; ')}`).toBe(0);
      expect(figures.shed503WithoutRetryAfter, '503 answers without Retry-After').toBe(0);
      expect(figures.connectionErrors, `refused or reset connections: ${figures.firstErrors.join('; ')}`).toBe(0);
      // Every kind of page was served, not only refused.
      for (const kind of ['product', 'listing', 'search'] as const) expect(figures.byKind[kind].ok, `${kind} pages answered 2xx`).toBeGreaterThan(0);
      expect(healthz, '/healthz after the crawl').toBe(200);
      const budget = SERVER_RSS_BUDGET_MB[driver];
      expect(figures.rssFinalMb, `RSS at the end of the crawl, MB (budget ${budget} MB; peak ${figures.rssPeakMb})`).toBeLessThanOrEqual(budget);
    } finally {
      await shop.stop();
    }
  } finally {
    await target.cleanup();
  }
}

describe(`soak: ${CONNECTIONS} connections crawl ${PRODUCTS} products' pages, the listing and searches for ${SECONDS} s`, () => {
  it('on the embedded database (PGlite)', () => soak('pglite'), TIMEOUT_MS);
  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => soak('postgres'), TIMEOUT_MS);
});
