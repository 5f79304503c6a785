// `npm run bench`: start-up time, page and API throughput on the built shop (fresh data dir).
// Goals are read from these tables, never asserted in timed tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Target = { name: string; path: string; method?: 'GET' | 'POST'; body?: string };

const graphql = (query: string) => JSON.stringify({ query });
const targets: Target[] = [
  { name: 'home page (SSR)', path: '/' },
  { name: 'shop listing (SSR)', path: '/shop' },
  { name: 'search page (SSR)', path: '/shop?query=samsung' },
  { name: 'GraphQL me (visitor)', path: '/graphql', method: 'POST', body: graphql('{ me { id } }') },
  {
    name: 'GraphQL products(first: 20)',
    path: '/graphql',
    method: 'POST',
    body: graphql('{ products(first: 20) { totalCount edges { node { id name pricing { onSale } } } } }'),
  },
  { name: 'healthz', path: '/healthz' },
];

function startShop(dataDir: string, env: Record<string, string> = {}): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', METRICS_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${base}/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The bench's shop serves /metrics (its RSS figures) to this token only. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

async function rssMegabytes(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const bytes = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0);
  return Math.round(bytes / 1024 / 1024);
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-bench-'));
  const seedProducts = process.env.BENCH_SEED_PRODUCTS ?? '300';
  try {
    const cold = startShop(dataDir, { SEED_PRODUCTS: seedProducts });
    const coldMs = await cold.ready;
    await stop(cold.child);
    const warm = startShop(dataDir);
    const warmMs = await warm.ready;

    console.log(`\n## Start-up (PGlite, ${seedProducts} demo products)\n`);
    console.log('| start | time to first page |');
    console.log('|---|---|');
    console.log(`| fresh data dir (migrate + seed) | ${(coldMs / 1000).toFixed(2)} s |`);
    console.log(`| existing data dir | ${(warmMs / 1000).toFixed(2)} s |`);

    console.log(`\n## Throughput (${connections} connections, ${seconds} s each)\n`);
    console.log('| target | req/s | p50 ms | p99 ms | non-2xx |');
    console.log('|---|---|---|---|---|');
    for (const target of targets) {
      const result = await autocannon({
        url: `${base}${target.path}`,
        method: target.method ?? 'GET',
        body: target.body,
        headers: target.body ? { 'content-type': 'application/json' } : undefined,
        connections,
        duration: seconds,
      });
      console.log(
        `| ${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
      );
    }
    console.log(`\nResident memory after the run: ${await rssMegabytes()} MB\n`);
    await stop(warm.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
