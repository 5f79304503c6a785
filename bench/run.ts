// `npm run bench [-- --products 10000 --seconds 10 --connections 10,50 --no-build --lighthouse off --only checkout --databases postgres --heap default]`
// `npm run bench -- --search-products 100000` (with DATABASE_URL): scenario 8 alone, search over a big catalogue (bench/search.ts).
// `npm run bench -- --only crawl --products 2000`: the crawl alone (bench/crawl.ts), on a fresh process.
// `npm run bench -- --only flash --products 300 --flash-seconds 60`: the flash sale alone (bench/flash-sale.ts).
// `npm run bench -- --only signed-in --products 300 --lighthouse off`: start-up and the signed-in rows alone.
// The production build (no TypeScript compiled at run time by the shop), on a fresh embedded
// database and, with DATABASE_URL, on a scratch PostgreSQL database made from it: start-up and
// seeding, the node:http ceiling, API and SSR scenarios at each connection count, SQL statements
// per request, the server's peak RSS, Lighthouse on the embedded default, and 20 customers checking
// out concurrently (last, since orders move stock). Prints markdown tables and writes bench/results/*.json.
// Goals are read from these tables, never asserted in timed tests (bench/README.md).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { prepareCustomers, runCheckouts, type CheckoutResult } from './checkout';
import { coldRender, coldRenderLine, type ColdRenderFigures } from './cold-render';
import { BENCH_METRICS_TOKEN, metricOf, stopProcess } from './shop-process';
import { crawl, crawlTable, crawlTargets, SERVER_RSS_BUDGET_MB, type CrawlFigures } from './crawl';
import { FLASH_BUYERS, FLASH_PRODUCTS, FLASH_VISITORS, flashTargets, prepareFlashSale, runFlashSale, warmUp } from './flash-sale';
import { budgetTable, measureRoutes } from './js-budget';
import { lighthouseTable, runLighthouse, type LighthouseRow } from './lighthouse';
import { pgliteDriver, postgresDriver, type Driver } from './databases';
import { growCatalogue, LISTINGS, listingBody, listingVariables, quantile, SEARCH_QUERIES, searchBody, searchTable, timeRequests, type SearchRow } from './search';
import { serverNodeArgs } from '../scripts/server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10,50' },
    'no-build': { type: 'boolean', default: false },
    cache: { type: 'string', default: 'on' },
    lighthouse: { type: 'string', default: 'on' },
    // `--only checkout`: start-up and the checkout scenario alone (no API, SSR or Lighthouse rows);
    // `--only crawl`: start-up and the crawl alone.
    only: { type: 'string', default: 'all' },
    // The flash sale (`--only flash`, bench/flash-sale.ts): its length, and the units of each
    // sale variant at the start.
    'flash-seconds': { type: 'string', default: '60' },
    'flash-stock': { type: 'string', default: '10' },
    // Pages a second each visitor asks (0: back to back, as autocannon's connections do).
    'flash-visitor-rate': { type: 'string', default: '1' },
    // `--flash-start-at 2026-11-27T16:20:00Z`: the sale starts then (after the warm-up), so that
    // two benches (a base and a variant) share the machine's load for the same minute.
    'flash-start-at': { type: 'string', default: '' },
    // The crawl: its length and connections; its catalogue is --products.
    'crawl-seconds': { type: 'string', default: '60' },
    'crawl-connections': { type: 'string', default: '50' },
    // `--databases postgres`: skip the embedded database (needs DATABASE_URL).
    databases: { type: 'string', default: 'pglite,postgres' },
    // `--heap default`: the shop without its V8 heap limits (scripts/server-node.mjs), for an A/B.
    heap: { type: 'string', default: 'limited' },
    // `--search-products 100000`: scenario 8 alone, on PostgreSQL (needs DATABASE_URL).
    'search-products': { type: 'string', default: '' },
    // Clients searching at once in scenario 8 (each waits for its answer before the next).
    'search-connections': { type: 'string', default: '1,10' },
    // Scenario 8 leaves its scratch database in place (for EXPLAIN ANALYZE) and prints its URL.
    'keep-database': { type: 'boolean', default: false },
    // `--accept-encoding 'gzip, deflate, br'`: the SSR rows ask as a browser does (compressed
    // answers); by default they ask for identity, as the earlier figures did.
    'accept-encoding': { type: 'string', default: '' },
  },
});
const PRODUCTS = Number(options.products);
const SECONDS = Number(options.seconds);
const CONNECTIONS = options.connections.split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const METRICS_TOKEN = BENCH_METRICS_TOKEN;
const CSRF = { 'content-type': 'application/json', 'x-suki-csrf': '1' };
/** The bench signs its checkout customers' sessions itself (bench/checkout.ts). */
const JWT_SECRET = 'bench-jwt-secret-0123456789-0123456789';

type Row = { scenario: string; connections: number; rps: number; p50: number; p99: number; errors: number; ceilingShare: string; peakRssMb: number; pageCache?: string };
type Scenario = { name: string; path: string; body?: string; token?: boolean; api?: boolean };

// ---------------------------------------------------------------------------------------------
// Processes

function startShop(env: Record<string, string>, onLine?: (line: string) => void): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  // The production start: the server bundle (dist/main.js) and the storefront build, as
  // `npm start` serves them; no TypeScript is compiled at run time.
  const nodeArgs = options.heap === 'default' ? ['--enable-source-maps', 'dist/main.js'] : serverNodeArgs();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), LOG_LEVEL: onLine ? 'info' : 'error', METRICS_TOKEN, JWT_SECRET, RESPONSE_CACHE: options.cache, ...env },
    stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLine && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${BASE}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready };
}

const stop = stopProcess;

const metric = (name: string) => metricOf(BASE, name);

/** The page cache's counts by result and the catalogue generation (server/http/metrics.ts). */
async function pageCacheCounts(): Promise<Record<string, number>> {
  const text = await (await fetch(`${BASE}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const counts: Record<string, number> = { generation: Number(/^suki_catalogue_generation ([-\d.e+]+)/m.exec(text)?.[1] ?? 0) };
  for (const match of text.matchAll(/^suki_page_cache_total\{result="(\w+)"\} ([\d.e+]+)/gm)) counts[match[1]!] = Number(match[2]);
  return counts;
}

/** A row's page-cache hits / misses rendered / misses answered by another's render, and catalogue changes. */
function pageCacheDelta(before: Record<string, number>, after: Record<string, number>): string {
  const d = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  return `${d('hit')} / ${d('miss')} / ${d('waited')}, ${d('generation')} gen.`;
}

async function metricMb(name: string): Promise<number> {
  return Math.round((await metric(name)) / 1024 / 1024);
}

/** Samples the shop's RSS while `work` runs; resolves to work's result and the peak in MB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<[T, number]> {
  let peak = await metric('process_resident_memory_bytes');
  const timer = setInterval(() => {
    metric('process_resident_memory_bytes').then((v) => (peak = Math.max(peak, v)), () => undefined);
  }, 250);
  try {
    return [await work(), Math.round(peak / 1024 / 1024)];
  } finally {
    clearInterval(timer);
  }
}

async function load(url: string, connections: number, init: { body?: string; headers?: Record<string, string> } = {}) {
  const result = await autocannon({
    url,
    method: init.body ? 'POST' : 'GET',
    body: init.body,
    headers: init.headers,
    connections,
    duration: SECONDS,
  });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

async function ceiling(connections: number): Promise<number> {
  const port = PORT + 1;
  const child = fork(path.join(root, 'bench/hello-server.mjs'), [String(port)], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return (await load(`http://127.0.0.1:${port}/`, connections)).rps;
  } finally {
    child.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios

async function gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { ...CSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(`bench query failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

const LISTING = `query ($after: String) { products(first: 20, after: $after) { edges { node { id name thumbnail { url alt } pricing { priceRange { start { gross { amount } } stop { gross { amount } } } } } } pageInfo { endCursor } } }`;

async function scenarios(): Promise<{ list: Scenario[]; token: string }> {
  // A cursor deep in the catalogue: half way, or 5,000 products in, whichever is first.
  const target = Math.min(5_000, Math.floor(PRODUCTS / 2));
  let after: string | null = null;
  for (let seen = 0; seen < target; seen += 100) {
    const page: { products: { pageInfo: { endCursor: string | null } } } = await gql(`query ($after: String) { products(first: 100, after: $after) { pageInfo { endCursor } } }`, { after });
    after = page.products.pageInfo.endCursor;
  }
  const first = await gql<{ products: { edges: { node: { id: string; slug?: string } }[] } }>(`{ products(first: 1, query: "samsung") { edges { node { id } } } }`);
  const productId = first.products.edges[0]?.node.id ?? (await gql<{ products: { edges: { node: { id: string } }[] } }>('{ products(first: 1) { edges { node { id } } } }')).products.edges[0]!.node.id;
  const signIn = await gql<{ tokenCreate: { token: string } }>(`mutation { tokenCreate(email: "customer@example.com", password: "customer123") { token } }`);
  const body = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
  const list: Scenario[] = [
    { name: 'API products(first: 20) thumbnail + price range', path: '/graphql', api: true, body: body(LISTING, { after: null }) },
    { name: `API products(first: 20) after product ${target}`, path: '/graphql', api: true, body: body(LISTING, { after }) },
    {
      name: 'API product(id) with variants and reviews',
      path: '/graphql',
      api: true,
      body: body(`query ($id: ID!) { product(id: $id) { id name description images { url alt } variants { id name sku stockQuantity isAvailable pricing { price { gross { amount } } } } reviews(first: 10) { edges { node { id rating note } } } } }`, { id: productId }),
    },
    { name: 'API search "samsung"', path: '/graphql', api: true, body: body(`{ products(first: 20, query: "samsung") { totalCount edges { node { id name } } } }`) },
    { name: 'API search misspelt "samsnug"', path: '/graphql', api: true, body: body(`{ products(first: 20, query: "samsnug") { totalCount edges { node { id name } } } }`) },
    { name: 'API category tree', path: '/graphql', api: true, body: body(`{ categories(first: 50, level: 0) { edges { node { id name slug children { id name slug } } } } }`) },
    { name: 'SSR /', path: '/' },
    { name: 'SSR /shop', path: '/shop' },
    { name: 'SSR /product/{id}', path: `/product/${productId}` },
    { name: 'SSR /tire-search 205/55 R16', path: '/tire-search?width=205&aspect_ratio=55&rim_diameter=16' },
    // A signed-in public page is the visitors' page, then the session's own parts after
    // hydration (ADR 055): the front's JSON of the header's viewer and cart, the same for every
    // public page (its "fill" row), on a product page with that product's watchlist mark (its
    // own fill row). A page view costs the page and its fill.
    { name: 'SSR / signed in', path: '/', token: true },
    { name: 'SSR signed in: fill (/_personal.json)', path: '/_personal.json', token: true },
    { name: 'SSR /shop signed in', path: '/shop', token: true },
    { name: 'SSR /product/{id} signed in', path: `/product/${productId}`, token: true },
    { name: 'SSR /product/{id} signed in: its fill', path: `/_personal.json?product=${encodeURIComponent(productId)}`, token: true },
    { name: 'SSR /cart signed in', path: '/cart', token: true },
    { name: 'SSR /account signed in', path: '/account', token: true },
  ];
  return { list, token: signIn.tokenCreate.token };
}

function requestOf(scenario: Scenario, token: string): { url: string; body?: string; headers?: Record<string, string> } {
  const headers: Record<string, string> = scenario.body ? { ...CSRF } : {};
  if (!scenario.body && options['accept-encoding']) headers['accept-encoding'] = options['accept-encoding'];
  if (scenario.token) {
    if (scenario.body) headers.authorization = `Bearer ${token}`;
    // With the hint a browser has once served a page since signing in (server/http/page-cache.ts).
    else headers.cookie = `token=${token}; signed_in=1`;
  }
  return { url: `${BASE}${scenario.path}`, body: scenario.body, headers };
}

/** SQL statements of one uncached request (the first ask after start is never cached). */
async function statementsOf(scenario: Scenario, token: string): Promise<number> {
  const request = requestOf(scenario, token);
  const before = await metric('suki_sql_statements_total');
  const response = await fetch(request.url, { method: request.body ? 'POST' : 'GET', body: request.body, headers: request.headers });
  await response.text();
  return (await metric('suki_sql_statements_total')) - before;
}

// ---------------------------------------------------------------------------------------------
// Drivers


/** How long the shop rests after the run before its RSS is read again: two of the trim's 5 s looks. */
const REST_MS = 12_000;

async function benchDriver(driver: Driver, withLighthouse: boolean) {
  // Scenario 7: the first start (migrations and the demo seed) and its seed alone, from the
  // shop's own log line; then a start on the existing data.
  let seedOnlyMs = 0;
  const cold = startShop({ ...driver.env, SEED_PRODUCTS: String(PRODUCTS) }, (line) => {
    if (line.includes('"demo shop seeded"')) seedOnlyMs = Number((JSON.parse(line) as { ms?: number }).ms ?? 0);
  });
  const seedMs = await cold.ready;
  const rssFirstStartMb = Math.round((await metric('process_resident_memory_bytes')) / 1024 / 1024);
  await stop(cold.child);
  const customerTokens = await prepareCustomers(driver.target, JWT_SECRET);
  const warm = startShop(driver.env);
  const startMs = await warm.ready;
  const rssStartMb = Math.round((await metric('process_resident_memory_bytes')) / 1024 / 1024);
  try {
    const checkoutOnly = options.only === 'checkout';
    // `--only signed-in`: the signed-in rows alone (no API, visitor, Lighthouse, checkout or crawl).
    const signedInOnly = options.only === 'signed-in';
    const { list: all, token } = checkoutOnly ? { list: [], token: '' } : await scenarios();
    const list = signedInOnly ? all.filter((scenario) => scenario.token) : all;
    const statements: Record<string, number> = {};
    for (const scenario of list) statements[scenario.name] = await statementsOf(scenario, token);
    const rows: Row[] = [];
    for (const connections of checkoutOnly ? [] : CONNECTIONS) {
      const ceilingRps = await ceiling(connections);
      rows.push({ scenario: 'node:http hello (ceiling)', connections, rps: ceilingRps, p50: 0, p99: 0, errors: 0, ceilingShare: '100%', peakRssMb: 0 });
      for (const scenario of list) {
        const request = requestOf(scenario, token);
        const countsBefore = await pageCacheCounts();
        const [result, peakRssMb] = await withPeakRss(() => load(request.url, connections, request));
        const pageCache = scenario.api ? '' : pageCacheDelta(countsBefore, await pageCacheCounts());
        rows.push({ scenario: scenario.name, connections, ...result, ceilingShare: `${((result.rps / ceilingRps) * 100).toFixed(1)}%`, peakRssMb, pageCache });
      }
    }
    const lighthouseRows: LighthouseRow[] = withLighthouse && !checkoutOnly && !signedInOnly ? await runLighthouse(BASE, ['/', '/shop', `/product/${productIdOf(list)}`]) : [];
    // Last: its orders move stock (a new catalogue generation only when a variant goes low, ADR 035).
    const sqlBefore = await metric('suki_sql_statements_total');
    const [checkout, checkoutPeakRssMb] = signedInOnly ? [NO_CHECKOUT, 0] : await withPeakRss(() => runCheckouts(gql, customerTokens, SECONDS));
    const sqlPerCheckout = checkout.completed > 0 ? Math.round((await metric('suki_sql_statements_total')) - sqlBefore) / checkout.completed : 0;
    const rssAfterMb = Math.round((await metric('process_resident_memory_bytes')) / 1024 / 1024);
    // Where the RSS is: V8's heap (used of total, limited by scripts/server-node.mjs) and memory
    // outside it (buffers, PGlite's WebAssembly heap).
    const heapAfter = { usedMb: await metricMb('nodejs_heap_size_used_bytes'), totalMb: await metricMb('nodejs_heap_size_total_bytes'), externalMb: await metricMb('nodejs_external_memory_bytes') };
    // And once the process has been quiet for a moment: what it holds between busy spells, after
    // it handed its threads' freed memory back (server/lib/return-freed-memory.ts, ADR 061).
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const rssAtRestMb = Math.round((await metric('process_resident_memory_bytes')) / 1024 / 1024);
    await stop(warm.child);
    const crawlResult = checkoutOnly || signedInOnly ? null : await benchCrawl(driver);
    return {
      driver: driver.name,
      products: PRODUCTS,
      cache: options.cache,
      seedSeconds: seedMs / 1000,
      seedOnlySeconds: seedOnlyMs / 1000,
      startSeconds: startMs / 1000,
      statements,
      rows,
      lighthouse: lighthouseRows,
      checkout: { ...checkout, peakRssMb: checkoutPeakRssMb, sqlPerCheckout: Math.round(sqlPerCheckout) },
      rssFirstStartMb,
      rssStartMb,
      rssAfterMb,
      rssAtRestMb,
      heapAfter,
      crawl: crawlResult,
    };
  } finally {
    await stop(warm.child);
  }
}

/**
 * Scenario 8: the demo seed (300 products: the templates), the catalogue grown to
 * --search-products by SQL (bench/search.ts), then the storefront's search and its listings (a
 * shop page without a search: every product, a category, a brand, by price) with the response
 * cache off, each one's latency percentiles at each --search-connections count.
 */
async function benchSearch(driver: Driver, total: number) {
  const seeded = startShop({ ...driver.env, SEED_PRODUCTS: '300' });
  await seeded.ready;
  await stop(seeded.child);
  const grown = await growCatalogue((driver.target as { url: string }).url, total);
  const shop = startShop({ ...driver.env, RESPONSE_CACHE: 'off' });
  await shop.ready;
  try {
    const rows: SearchRow[] = [];
    // The searches, then the listings a shopper browses without one (their count reads every match).
    const ask = async <T,>(query: string) => ((await (await fetch(`${BASE}/graphql`, { method: 'POST', headers: CSRF, body: JSON.stringify({ query }) })).json()) as { data: T }).data;
    const asked = [
      ...SEARCH_QUERIES.map(({ label, query }) => ({ label, query: `"${query}"`, body: searchBody(query) })),
      ...(await Promise.all(LISTINGS.map(async (listing) => ({ label: listing.label, query: '-', body: listingBody(await listingVariables(listing, ask)) })))),
    ];
    for (const connections of options['search-connections'].split(',').map(Number)) {
      for (const { label, query, body } of asked) {
        const before = await metric('suki_sql_statements_total');
        const first = (await (await fetch(`${BASE}/graphql`, { method: 'POST', headers: CSRF, body })).json()) as { data: { products: { totalCount: number } } };
        const sql = (await metric('suki_sql_statements_total')) - before;
        const latencies = await timeRequests(`${BASE}/graphql`, CSRF, body, connections, SECONDS);
        rows.push({ label, query, connections, requests: latencies.length, totalCount: first.data.products.totalCount, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), sql });
      }
    }
    const lines = [
      `\n## Search and listings over ${total} products (PostgreSQL, response cache off, ${SECONDS} s per row)\n`,
      `${grown.added} products added to the demo seed's by SQL in ${grown.seconds.toFixed(1)} s.\n`,
      ...searchTable(rows),
    ];
    console.log(lines.join('\n'));
    return { driver: 'postgres', searchProducts: total, added: grown.added, growSeconds: grown.seconds, rows };
  } finally {
    await stop(shop.child);
  }
}

type CrawlResult = CrawlFigures & { death: string | null; cold: ColdRenderFigures };

/**
 * The crawl (bench/crawl.ts): a fresh process on the seeded data, then
 * --crawl-connections over every product page, every /shop page and 200 searches for
 * --crawl-seconds: pages/s, p99, 503s, RSS at its peak and at the end. Last, on its own
 * process: it may exhaust one.
 */
async function benchCrawl(driver: Driver): Promise<CrawlResult> {
  const cold = await benchColdRender(driver);
  const shop = startShop(driver.env);
  let death: string | null = null;
  shop.child.once('exit', (code, signal) => (death = signal ? `signal ${signal}` : `exit code ${code}`));
  await shop.ready;
  try {
    const figures = await crawl({
      base: BASE,
      pid: shop.child.pid!,
      targets: await crawlTargets(BASE),
      connections: Number(options['crawl-connections']),
      seconds: Number(options['crawl-seconds']),
      headers: options['accept-encoding'] ? { 'accept-encoding': options['accept-encoding'] } : {},
      progress: (line) => console.error(`crawl (${driver.name}): ${line}`),
    });
    if (figures.serverDied) await new Promise((r) => setTimeout(r, 1_000)); // its exit event
    return { ...figures, death, cold };
  } finally {
    await stop(shop.child);
  }
}

/** The cold render (bench/cold-render.ts), on a fresh process of its own. */
async function benchColdRender(driver: Driver): Promise<ColdRenderFigures> {
  const shop = startShop(driver.env);
  await shop.ready;
  try {
    const productPaths = (await crawlTargets(BASE, 0)).filter((t) => t.kind === 'product').map((t) => t.path);
    return await coldRender({ base: BASE, pid: shop.child.pid!, productPaths, encoding: options['accept-encoding'] || 'br', statements: () => metric('suki_sql_statements_total'), databasePids: driver.backendPids });
  } finally {
    await stop(shop.child);
  }
}

function crawlSection(driverName: Driver['name'], c: CrawlResult): string[] {
  return [
    `\n${coldRenderLine(driverName, c.cold)}`,
    `\n### Crawl: every product page, every /shop page and ${c.targets.search} searches, ${c.connections} connections, ${c.seconds} s, a fresh process\n`,
    ...crawlTable([{ label: driverName, figures: c }]),
    '',
    `Answers by status: ${JSON.stringify(c.statuses)}; RSS every 10 s (MB): ${c.rssTimeline.join(', ')}; timeouts in each 10 s: ${c.timeoutsPer10s.join(', ') || 'none'}; the RSS budget (SERVER_RSS_BUDGET_MB) ${SERVER_RSS_BUDGET_MB[driverName]} MB${c.death ? `; the server died: ${c.death}` : ''}.`,
  ];
}

/** `--only crawl`: the first start (migrations and the seed), then the crawl. */
async function benchCrawlOnly(driver: Driver) {
  const cold = startShop({ ...driver.env, SEED_PRODUCTS: String(PRODUCTS) });
  const seedMs = await cold.ready;
  await stop(cold.child);
  const result = await benchCrawl(driver);
  console.log([`\n## ${driver.name}, ${PRODUCTS} products (first start and seed ${(seedMs / 1000).toFixed(1)} s)`, ...crawlSection(driver.name, result)].join('\n'));
  return { driver: driver.name, products: PRODUCTS, seedSeconds: seedMs / 1000, crawl: result };
}

/**
 * `--only flash`: the first start (migrations and the seed), the sale written into the stopped
 * shop's database, then a fresh process under the visitors and the buyers (bench/flash-sale.ts).
 */
async function benchFlashOnly(driver: Driver) {
  const cold = startShop({ ...driver.env, SEED_PRODUCTS: String(PRODUCTS) });
  const seedMs = await cold.ready;
  await stop(cold.child);
  const stock = Number(options['flash-stock']);
  const seconds = Number(options['flash-seconds']);
  const { tokens, sale } = await prepareFlashSale(driver.target, JWT_SECRET, stock);
  const shop = startShop(driver.env);
  await shop.ready;
  try {
    const targets = await flashTargets(BASE, sale);
    await warmUp(BASE, targets);
    if (options['flash-start-at']) {
      const wait = Date.parse(options['flash-start-at']) - Date.now();
      if (!(wait >= 0)) throw new Error(`--flash-start-at ${options['flash-start-at']} has passed (or is no time): start later`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const before = { ...(await pageCacheCounts()), productChanges: await metric('suki_catalogue_product_changes') };
    const visitorRate = Number(options['flash-visitor-rate']);
    const figures = await runFlashSale({ base: BASE, gql, tokens, sale, targets, seconds, tokenCookie: 'token', visitorRate });
    const after = { ...(await pageCacheCounts()), productChanges: await metric('suki_catalogue_product_changes') };
    const d = (name: string) => ((after as Record<string, number>)[name] ?? 0) - ((before as Record<string, number>)[name] ?? 0);
    const caches = { hit: d('hit'), miss: d('miss'), waited: d('waited'), dropped: d('dropped'), generations: d('generation'), productChanges: d('productChanges') };
    const v = figures.visitors;
    const c = figures.checkouts;
    console.log(
      [
        `\n## ${driver.name}, flash sale: ${PRODUCTS} products, ${FLASH_VISITORS} visitors (${visitorRate > 0 ? `${visitorRate} page/s each` : 'back to back'}), ${FLASH_BUYERS} signed-in buyers on ${sale.length} products at 30% off (${stock} units of one variant each), ${figures.seconds} s (first start and seed ${(seedMs / 1000).toFixed(1)} s)\n`,
        '| visitors pages/s | visitors p50 / p99 ms | signed-in requests | signed-in p50 / p99 ms | checkouts/s | orders | \'Out of stock.\' | busy (503) | other failures | page hits / misses / waited, dropped | catalogue generations | product changes |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
        `| ${v.pagesPerSecond} | ${v.p50} / ${v.p99} | ${figures.signedIn.requests} | ${figures.signedIn.p50} / ${figures.signedIn.p99} | ${c.perSecond} | ${c.completed} | ${c.outOfStock} | ${c.busy} | ${c.otherFailures} | ${caches.hit} / ${caches.miss} / ${caches.waited}, ${caches.dropped} | ${caches.generations} | ${caches.productChanges} |`,
        '',
        `Visitors' answers by status: ${JSON.stringify(v.statuses)}; timeouts ${v.timeouts}${c.firstError ? `; first other failure: ${c.firstError}` : ''}.`,
      ].join('\n'),
    );
    return { driver: driver.name, products: PRODUCTS, saleProducts: FLASH_PRODUCTS, stock, flash: figures, caches };
  } finally {
    await stop(shop.child);
  }
}

/** The checkout figures of a run that did not check out (`--only signed-in`). */
const NO_CHECKOUT: CheckoutResult = { customers: 0, completed: 0, failed: 0, seconds: 0, perSecond: 0, steps: [], flow: { p50: 0, p99: 0 }, firstError: null };

function productIdOf(list: Scenario[]): string {
  return list.find((s) => s.name === 'SSR /product/{id}')!.path.slice('/product/'.length);
}

function checkoutTable(c: CheckoutResult & { peakRssMb: number; sqlPerCheckout: number }): string[] {
  return [
    `${c.customers} signed-in customers, ${SECONDS} s: ${c.completed} checkouts completed (${c.perSecond.toFixed(1)}/s), ${c.failed} failed${c.firstError ? ` (first: ${c.firstError})` : ''}; peak RSS ${c.peakRssMb} MB; ${c.sqlPerCheckout} SQL statements per checkout (6 calls).\n`,
    '| step | p50 ms | p99 ms |',
    '|---|---|---|',
    ...c.steps.map((s) => `| ${s.step} | ${s.p50} | ${s.p99} |`),
    `| whole checkout (6 calls) | ${c.flow.p50} | ${c.flow.p99} |`,
  ];
}

function print(result: Awaited<ReturnType<typeof benchDriver>>) {
  const lines = [
    `\n## ${result.driver}, ${result.products} products, response cache ${result.cache}, ${SECONDS} s per row${options['accept-encoding'] ? `, pages asked with Accept-Encoding: ${options['accept-encoding']}` : ''}\n`,
    `First start (migrate + seed): ${result.seedSeconds.toFixed(1)} s, of which the demo seed ${result.seedOnlySeconds.toFixed(1)} s; RSS then ${result.rssFirstStartMb} MB.`,
    `Start on the existing data: ${result.startSeconds.toFixed(1)} s; RSS then ${result.rssStartMb} MB. RSS after the whole run: ${result.rssAfterMb} MB, ${result.rssAtRestMb} MB after ${REST_MS / 1000} s at rest (V8 heap ${result.heapAfter.usedMb} MB used of ${result.heapAfter.totalMb}, external ${result.heapAfter.externalMb} MB; heap ${options.heap}).\n`,
    '| scenario | conns | req/s | share of ceiling | p50 ms | p99 ms | errors | peak RSS MB | SQL per request | page hits / misses / waited, catalogue changes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...result.rows.map((r) => `| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.ceilingShare} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.peakRssMb || ''} | ${result.statements[r.scenario] ?? ''} | ${r.pageCache ?? ''} |`),
    `\n### Checkout (scenario 4)\n`,
    ...checkoutTable(result.checkout),
    ...(result.lighthouse.length ? ['\n### Lighthouse, mobile profile (scenario 6)\n', ...lighthouseTable(result.lighthouse)] : []),
    ...(result.crawl ? crawlSection(result.driver, result.crawl) : []),
  ];
  console.log(lines.join('\n'));
}

async function main() {
  if (!options['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const searchProducts = Number(options['search-products'] || 0);
  if (searchProducts > 0) return mainSearch(searchProducts);
  // The storefront's first-load JavaScript per route (at most 150 KB gzipped), read
  // from the build's manifest: no server needed.
  const jsBudget = measureRoutes(path.join(root, 'build/client'));
  console.log(['### First-load JavaScript per route\n', ...budgetTable(jsBudget), ''].join('\n'));
  const wanted = options.databases.split(',');
  const drivers = [
    ...(wanted.includes('pglite') ? [await pgliteDriver()] : []),
    ...(process.env.DATABASE_URL && wanted.includes('postgres') ? [await postgresDriver(process.env.DATABASE_URL)] : []),
  ];
  const results = [];
  if (options.only === 'flash') {
    for (const driver of drivers) {
      try {
        results.push(await benchFlashOnly(driver));
      } finally {
        await driver.cleanup();
      }
    }
    return writeResults({ results });
  }
  if (options.only === 'crawl') {
    for (const driver of drivers) {
      try {
        results.push(await benchCrawlOnly(driver));
      } finally {
        await driver.cleanup();
      }
    }
    return writeResults({ results });
  }
  for (const [index, driver] of drivers.entries()) {
    try {
      // Lighthouse measures the browser's side: once, on the embedded default.
      const result = await benchDriver(driver, options.lighthouse === 'on' && index === 0);
      print(result);
      results.push(result);
    } finally {
      await driver.cleanup();
    }
  }
  writeResults({ jsBudget, results });
}

async function mainSearch(total: number) {
  if (!process.env.DATABASE_URL) throw new Error('--search-products runs on PostgreSQL: set DATABASE_URL');
  const driver = await postgresDriver(process.env.DATABASE_URL);
  try {
    writeResults({ search: await benchSearch(driver, total) });
  } finally {
    if (options['keep-database']) console.log(`Scratch database kept: ${driver.env.DATABASE_URL}`);
    else await driver.cleanup();
  }
}

function writeResults(content: Record<string, unknown>) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, ...content }, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
