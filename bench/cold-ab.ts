// The cold product page, two builds side by side: each build (a copy of the tree with `npm run
// build` done in it) gets its own database, seeded once by its first start; then, in every round,
// both are started afresh on their databases and `coldRender()` (bench/cold-render.ts) asks the
// same distinct product pages of both at the same time. The shop's CPU per page comes from /proc,
// so the pair compares on a machine others are using; a figure taken at another moment does not.
// On PostgreSQL the CPU of each shop's backends (its own database's) is added in two more columns:
// the statements a page runs cost the same machine there.
//
// `npx tsx bench/cold-ab.ts --a /tmp/cold-base --b /tmp/cold-var --rounds 3`
// (`--database pglite` for the embedded database; DATABASE_URL names the PostgreSQL server;
// `--b-env NAME=value,...` sets b's settings alone; `--profile` starts b with `--cpu-prof`, its profiles written to <b>/profiles; `--warm-up 1500` measures
// warm processes: give both heap room then, `NODE_OPTIONS=--max-old-space-size=2048`, as 088dd6c,
// whose stored pages had no bound, dies of its heap near the 1,300th page at 192 MB).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { coldRender, type ColdRenderFigures } from './cold-render';
import { crawlTargets } from './crawl';
import { pgliteDriver, postgresDriver, type Driver } from './databases';
import { BENCH_METRICS_TOKEN, metricOf, stopProcess } from './shop-process';
import { serverNodeArgs } from '../scripts/server-node.mjs';

const { values: options } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    database: { type: 'string', default: 'postgres' },
    products: { type: 'string', default: '2000' },
    pages: { type: 'string', default: '300' },
    /** Distinct pages asked before the measured ones (bench/cold-render.ts): 30, or 1500 for a warm process. */
    'warm-up': { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '4731' },
    profile: { type: 'boolean', default: false },
    /** NODE_OPTIONS for b alone (a flag's A/B on one build: `--a X --b X --b-node-options=...`). */
    'b-node-options': { type: 'string' },
    /** Accept-Encoding for b alone (br for both otherwise): what compressing the page costs. */
    'b-encoding': { type: 'string' },
    /** Settings for b alone, `NAME=value,NAME=value` (a setting's A/B on one build). */
    'b-env': { type: 'string' },
  },
});

type Build = { name: string; dir: string; port: number; db: Driver };
type Running = Build & { child: ChildProcess };

function database(name: string): Promise<Driver> {
  if (options.database === 'pglite') return pgliteDriver();
  return postgresDriver(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', `suki_cold_${name}`);
}

async function start(build: Build, profile = false): Promise<Running> {
  const nodeOptions = build.name === 'b' && options['b-node-options'] ? options['b-node-options'] : (process.env.NODE_OPTIONS ?? '');
  const args = serverNodeArgs('dist/main.js', nodeOptions);
  if (profile) args.unshift('--cpu-prof', `--cpu-prof-dir=${build.dir}/profiles`);
  const child = spawn(process.execPath, args, {
    cwd: build.dir,
    env: { ...process.env, NODE_OPTIONS: nodeOptions, NODE_ENV: 'production', PORT: String(build.port), LOG_LEVEL: 'error', METRICS_TOKEN: BENCH_METRICS_TOKEN, SEED_PRODUCTS: options.products, ...build.db.env, ...(build.name === 'b' ? settingsOf(options['b-env']) : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${build.name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${build.port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...build, child };
}

const stop = (shop: Running) => stopProcess(shop.child);

/** `NAME=value,NAME=value` as an environment. */
function settingsOf(list: string | undefined): Record<string, string> {
  return Object.fromEntries((list ?? '').split(',').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}
const statements = (shop: Running) => metricOf(`http://127.0.0.1:${shop.port}`, 'suki_sql_statements_total');

async function measure(shop: Running): Promise<ColdRenderFigures> {
  const base = `http://127.0.0.1:${shop.port}`;
  const productPaths = (await crawlTargets(base, 0)).filter((t) => t.kind === 'product').map((t) => t.path);
  const encoding = shop.name === 'b' && options['b-encoding'] ? options['b-encoding'] : 'br';
  return coldRender({ base, pid: shop.child.pid!, productPaths, pages: Number(options.pages), warmUpPages: Number(options['warm-up']), encoding, statements: () => statements(shop), databasePids: shop.db.backendPids });
}

async function main() {
  if (!options.a || !options.b) throw new Error('--a and --b: two built trees');
  const port = Number(options.port);
  const builds: Build[] = [];
  try {
    // Seeded one after the other: two first starts seeding at once on two busy cores can outlast
    // PostgreSQL's idle-in-transaction timeout.
    // A seed on a machine busy enough can outlast PostgreSQL's idle-in-transaction timeout: then
    // again on a fresh database, three times at most.
    for (const [name, dir] of [['a', options.a], ['b', options.b]] as const) {
      for (let attempt = 1; ; attempt++) {
        const build = { name, dir, port: port + builds.length, db: await database(name) };
        try {
          await stop(await start(build));
          builds.push(build);
          break;
        } catch (error) {
          await build.db.cleanup();
          if (attempt >= 3) throw error;
          console.error(`${name}: ${String(error)}; again`);
        }
      }
    }
    console.log(`${options.database}, ${options.products} products, ${options.pages} cold product pages a round after ${options['warm-up']} others; a=${options.a} b=${options.b}`);
    console.log('| round | a ms CPU / page | b ms CPU / page | b / a | main thread a -> b | b / a of it | with PostgreSQL\'s a -> b | b / a with it | 404 page a -> b | statements a -> b | KB a -> b | load |\n|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (let round = 1; round <= Number(options.rounds); round++) {
      const shops = await Promise.all(builds.map((build) => start(build, options.profile && build.name === 'b')));
      try {
        const [a, b] = await Promise.all(shops.map(measure));
        const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
        const withDatabase = (f: ColdRenderFigures) => f.cpuMsPerPage + (f.databaseCpuMsPerPage ?? 0);
        const both = a!.databaseCpuMsPerPage === null ? '- | -' : `${withDatabase(a!).toFixed(1)} -> ${withDatabase(b!).toFixed(1)} | ${(withDatabase(b!) / withDatabase(a!)).toFixed(3)}`;
        const main = `${a!.mainThreadCpuMsPerPage} -> ${b!.mainThreadCpuMsPerPage} | ${(b!.mainThreadCpuMsPerPage / a!.mainThreadCpuMsPerPage).toFixed(3)}`;
        console.log(`| ${round} | ${a!.cpuMsPerPage} | ${b!.cpuMsPerPage} | ${(b!.cpuMsPerPage / a!.cpuMsPerPage).toFixed(3)} | ${main} | ${both} | ${a!.notFoundCpuMsPerPage} -> ${b!.notFoundCpuMsPerPage} | ${a!.sqlPerPage} -> ${b!.sqlPerPage} | ${a!.averageKb} -> ${b!.averageKb} | ${load} |`);
      } finally {
        await Promise.all(shops.map(stop));
      }
    }
  } finally {
    for (const build of builds) await build.db.cleanup();
  }
}

await main();
