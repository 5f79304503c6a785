// Signed-in pages, two builds side by side: each build (a copy of the tree with `npm run build`
// done in it) is started on its own database (seeded by its first start), and every signed-in
// page is loaded on both at the same time with autocannon, several rounds; the shop's CPU per
// request comes from /proc (cpuMsOf), so the figures compare on a machine others are using.
// A public page served to a session as the visitors' page (ADR 055) is followed in the browser
// by its fill (each build's own: the front's `/_personal.json`, with `?product=<id>` on a product
// page, or an older build's `.data` requests): its rows are the "fill", and a page view costs the
// page and its fill.
//
// `npx tsx bench/signed-in-ab.ts --a /tmp/ab-a --b /tmp/ab-b --database postgres --rounds 3`
// (`--database pglite` for the embedded database; DATABASE_URL names the PostgreSQL server;
// `--ports 4741,4742 --db-names suki_x_a,suki_x_b` beside another pair of shops).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMsOf } from './cold-render';
import { pgliteDriver, postgresDriver } from './databases';
import { BENCH_METRICS_TOKEN, metricOf, stopProcess } from './shop-process';
import { serverNodeArgs } from '../scripts/server-node.mjs';

const { values: options } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    database: { type: 'string', default: 'postgres' },
    products: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/shop,product,/cart,/account' },
    /** The two shops' ports, a's and b's. */
    ports: { type: 'string', default: '3921,3922' },
    /** The two scratch PostgreSQL databases' name prefixes, a's and b's. */
    'db-names': { type: 'string', default: 'suki_ab_a,suki_ab_b' },
  },
});
const [PORT_A, PORT_B] = options.ports.split(',').map(Number) as [number, number];
const [DB_A, DB_B] = options['db-names'].split(',') as [string, string];
const JWT_SECRET = 'bench-jwt-secret-0123456789-0123456789';
const CSRF = { 'content-type': 'application/json', 'x-suki-csrf': '1' };
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);

type Shop = { name: string; dir: string; port: number; child: ChildProcess; cleanup: () => Promise<void> };

/** A fresh database for one build (bench/databases.ts). */
function database(name: string): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (options.database === 'pglite') return pgliteDriver();
  return postgresDriver(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', name === 'a' ? DB_A : DB_B);
}

/**
 * The shop started on a fresh database seeded by its first start; tried three times, since a
 * seed on a machine busy enough can outlast PostgreSQL's idle-in-transaction timeout.
 */
async function start(name: string, dir: string, port: number): Promise<Shop> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(name, dir, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`${name}: ${String(error)}; again`);
    }
  }
}

async function startOnce(name: string, dir: string, port: number): Promise<Shop> {
  const db = await database(name);
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'error', METRICS_TOKEN: BENCH_METRICS_TOKEN, JWT_SECRET, SEED_PRODUCTS: options.products, ...db.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) {
      await db.cleanup();
      throw new Error(`${name} exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, dir, port, child, cleanup: db.cleanup };
}

async function stop(shop: Shop) {
  await stopProcess(shop.child);
  await shop.cleanup();
}

async function gql<T>(shop: Shop, query: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${shop.port}/graphql`, { method: 'POST', headers: CSRF, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 300));
  return body.data;
}

const statements = (shop: Shop) => metricOf(`http://127.0.0.1:${shop.port}`, 'suki_sql_statements_total');

type Result = { rps: number; p50: number; p99: number; errors: number; cpuMs: number; requests: number; sql: number; kb: number; cache: string };

async function measure(shop: Shop, url: string, cookie: string): Promise<Result> {
  const cpuBefore = cpuMsOf(shop.child.pid!);
  const result = await autocannon({ url: `http://127.0.0.1:${shop.port}${url}`, headers: { cookie }, connections: CONNECTIONS, duration: SECONDS });
  const cpu = cpuMsOf(shop.child.pid!) - cpuBefore;
  // Per 2xx answer: the overload guard's quick 503s (and timeouts) would otherwise lower it.
  const answered = result['2xx'];
  return { rps: Math.round(answered / SECONDS), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts, cpuMs: answered ? cpu / answered : 0, requests: answered, sql: 0, kb: 0, cache: '' };
}

async function once(shop: Shop, url: string, cookie: string): Promise<{ sql: number; kb: number; cache: string }> {
  const before = await statements(shop);
  const response = await fetch(`http://127.0.0.1:${shop.port}${url}`, { headers: { cookie } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${shop.name} ${url}: ${response.status}`);
  return { sql: (await statements(shop)) - before, kb: Math.round(body.byteLength / 1024), cache: response.headers.get('x-suki-page-cache') ?? response.headers.get('x-suki-main-fragment') ?? '-' };
}

/** How a build answers a page's fill: the root's `.data`, the front's JSON, or the JSON with a product's mark. */
type FillKind = 'data' | 'json' | 'product-json';

/**
 * The requests of a page's fill on this build. Since change 145 the root's part is the front's
 * JSON (`/_personal.json`, the same for every page) and a product asked its own loader beside it;
 * since the product's mark came with the JSON (`?product=<id>`) a product's fill is that alone.
 * Before change 145, the root's `.data` (with the product's loader on a product page).
 */
function fillsOf(page: string, kind: FillKind): string[] {
  if (page === '/cart' || page.startsWith('/account')) return [];
  const product = page.startsWith('/product/') ? page.slice('/product/'.length) : null;
  if (kind === 'product-json' && product) return [`/_personal.json?product=${product}`];
  // Home and shop keep their loader data during the fill (app/lib/personal-fill.ts): the root's alone.
  if (kind !== 'data') return product ? ['/_personal.json', `${page}.data?_routes=routes%2Fproduct`] : ['/_personal.json'];
  if (page === '/') return ['/_root.data?_routes=root'];
  return page.startsWith('/shop') ? [`${page}.data?_routes=root`] : [`${page}.data`];
}

/** How the build answers the fill (change 145's JSON; with a product's watchlist mark when asked). */
async function fillKindOf(shop: Shop, cookie: string, product: string): Promise<FillKind> {
  const response = await fetch(`http://127.0.0.1:${shop.port}/_personal.json?product=${product.slice('/product/'.length)}`, { headers: { cookie } });
  const json = response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('application/json');
  const body = json ? ((await response.json()) as { watchlist?: unknown }) : (await response.arrayBuffer(), {});
  return !json ? 'data' : 'watchlist' in body ? 'product-json' : 'json';
}

async function main() {
  if (!options.a || !options.b) throw new Error('--a and --b: two built trees');
  // One after the other: two first starts seeding at once on two busy cores can outlast
  // PostgreSQL's idle-in-transaction timeout.
  const a = await start('a', options.a, PORT_A);
  const b = await start('b', options.b, PORT_B).catch(async (error: unknown) => {
    await stop(a);
    throw error;
  });
  try {
    const { products } = await gql<{ products: { edges: { node: { id: string } }[] } }>(a, '{ products(first: 1, query: "samsung") { edges { node { id } } } }');
    const product = `/product/${encodeURIComponent(products.edges[0]!.node.id)}`;
    const cookies = new Map<Shop, string>();
    for (const shop of [a, b]) {
      const { tokenCreate } = await gql<{ tokenCreate: { token: string } }>(shop, 'mutation { tokenCreate(email: "customer@example.com", password: "customer123") { token } }');
      // As a browser that has been served a page since signing in sends it (server/http/page-cache.ts).
      cookies.set(shop, `token=${tokenCreate.token}; signed_in=1`);
    }
    const pages = options.pages.split(',').map((p) => (p === 'product' ? product : p));
    const [kindA, kindB] = await Promise.all([a, b].map((shop) => fillKindOf(shop, cookies.get(shop)!, product)));
    // Each row asks a its request and b its own: the same page, or each build's fill.
    const pairs: [string, string][] = pages.flatMap((page) => {
      const [fillsA, fillsB] = [fillsOf(page, kindA!), fillsOf(page, kindB!)];
      const fills: [string, string][] = Array.from({ length: Math.max(fillsA.length, fillsB.length) }, (_, i) => [fillsA[i] ?? fillsA.at(-1)!, fillsB[i] ?? fillsB.at(-1)!]);
      return [[page, page] as [string, string], ...fills];
    });
    console.log(`${options.database}, ${options.products} products, ${CONNECTIONS} connections, ${SECONDS} s a row, ${options.rounds} rounds; a=${options.a} b=${options.b}`);
    const rows: string[] = [];
    for (const [urlA, urlB] of pairs) {
      const urlOf = (shop: Shop) => (shop === a ? urlA : urlB);
      // A visitor's page first (as any shop has), then one signed-in ask for the statements.
      for (const shop of [a, b]) await fetch(`http://127.0.0.1:${shop.port}${urlOf(shop)}`).then((r) => r.arrayBuffer());
      const firsts = await Promise.all([a, b].map((shop) => once(shop, urlOf(shop), cookies.get(shop)!)));
      for (let round = 0; round < Number(options.rounds); round++) {
        const [ra, rb] = await Promise.all([measure(a, urlA, cookies.get(a)!), measure(b, urlB, cookies.get(b)!)]);
        const line = (name: string, r: Result, f: { sql: number; kb: number; cache: string }) =>
          `| ${name === 'a' ? urlA : urlB} | ${name} | ${round + 1} | ${r.rps} | ${r.p50} / ${r.p99} | ${r.cpuMs.toFixed(2)} | ${f.sql} | ${f.kb} | ${f.cache} | ${r.errors} |`;
        rows.push(line('a', ra, firsts[0]!), line('b', rb, firsts[1]!));
        console.log(rows.at(-2));
        console.log(rows.at(-1));
      }
    }
    console.log('\n| request | build | round | 2xx/s | p50 / p99 ms | CPU ms per 2xx | SQL | KB | cache | errors |\n|---|---|---|---|---|---|---|---|---|---|');
    console.log(rows.join('\n'));
  } finally {
    await Promise.all([stop(a), stop(b)]);
  }
}

await main();
