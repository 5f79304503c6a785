// The CPU a product page costs when it is rendered for the first time
// (docs/operations/memory-and-overload.md): starts the built server as the e2e suite does, on a
// seeded DATA_DIR (or DATABASE_URL), renders WARM product pages to warm the code up, then PAGES
// other product pages one at a time (none stored before: no stored page, no kept answer), and
// prints the server process's CPU time (utime + stime from /proc) and SQL statements per page.
//
//   npm run build && DATA_DIR=/tmp/shop2000 npm run seed -- --products 2000
//   DATA_DIR=/tmp/shop2000 node scripts/cold-page-cpu.mjs [--pages 200] [--warm 60] [--cpu-prof DIR]
//
// Linux only (/proc). Run it several times and take the median: a shared machine moves it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';
import { serverNodeArgs } from './server-node.mjs';

const { fetch } = globalThis;

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    warm: { type: 'string', default: '60' },
    port: { type: 'string', default: '3979' },
    'cpu-prof': { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const base = `http://127.0.0.1:${options.port}`;
const metricsToken = 'cold-page-cpu-metrics-token';
const args = serverNodeArgs(path.join(root, 'dist/main.js'));
if (options['cpu-prof']) args.splice(args.length - 1, 0, '--cpu-prof', `--cpu-prof-dir=${path.resolve(options['cpu-prof'])}`);
const server = spawn(process.execPath, args, {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: options.port, LOG_LEVEL: 'warn', METRICS_TOKEN: metricsToken },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (tries > 600) throw new Error('the server did not start within 60 s');
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const urls = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}/sitemap/products/${page}`);
    const found = response.ok ? [...(await response.text()).matchAll(/<loc>[^<]*?(\/product\/[^<]+)<\/loc>/g)].map((m) => m[1]) : [];
    if (found.length === 0) break;
    urls.push(...found);
  }
  const warm = Number(options.warm);
  const pages = urls.slice(warm, warm + Number(options.pages));
  if (pages.length < Number(options.pages)) throw new Error(`the catalogue has ${urls.length} products: seed more, or ask for fewer pages`);

  const cpuMs = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 10 ms
  };
  const statements = async () => {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    return Number(/^suki_sql_statements_total ([\d.e+]+)/m.exec(text)?.[1] ?? 0);
  };
  const render = async (url) => {
    const response = await fetch(base + url);
    await response.arrayBuffer();
    if (response.status !== 200 || response.headers.get('x-suki-page-cache') === 'hit') throw new Error(`${url}: ${response.status}, not a first render`);
  };

  for (const url of urls.slice(0, warm)) await render(url);
  const sql0 = await statements();
  const cpu0 = cpuMs();
  const started = performance.now();
  for (const url of pages) await render(url);
  const wall = performance.now() - started;
  const cpu = cpuMs() - cpu0;
  const sql = (await statements()) - sql0;
  console.log(
    `${pages.length} first renders of /product/{id}: ${(cpu / pages.length).toFixed(1)} ms of server CPU each, ` +
      `${(wall / pages.length).toFixed(1)} ms apart, ${(sql / pages.length).toFixed(1)} SQL statements each`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
}
