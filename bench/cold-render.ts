// The cold render: what one product page costs the shop the first time it is asked for, as a
// search engine's crawler sees every page. Distinct product pages are asked one at a time on a
// fresh process (nothing of them in the page cache, the main-fragment store or the visitors'
// response cache), after a warm-up, and the process's CPU time (user and system, every thread:
// compression in libuv's pool and V8's helpers included) is divided by the pages. One at a time so
// the figure does not depend on how many cores the machine has or how the shop queues renders.
// A 404 product page (the frame around a short <main>, one statement) is the floor every page pays.
// On PostgreSQL the server's backends serving the shop are measured too: the statements a page
// runs cost CPU there, on the same machine, that the shop's process does not show.
// The process's CPU is split into its main thread (the request, the loaders, the render) and the
// rest (V8's helpers: TurboFan compiling hot functions in the background, concurrent marking and
// parallel scavenges; libuv's pool: compression). On a fresh process the helpers are a third of a
// page's CPU: V8 keeps optimizing the shop's code for well over a thousand pages (bench/README.md,
// change 154), so `warmUpPages` (default 30) far larger measures what a page costs once warm.
// For a CPU profile of the same load, start the built server with `--cpu-prof` added to
// serverNodeArgs() (scripts/server-node.mjs) and open the .cpuprofile in Chrome's DevTools.
import { readFileSync } from 'node:fs';

export type ColdRenderFigures = {
  pages: number;
  encoding: string;
  /** CPU time of the shop's process per cold product page, ms. */
  cpuMsPerPage: number;
  /** Of cpuMsPerPage, the main thread's (JavaScript: the request and its render); the rest is helper threads'. */
  mainThreadCpuMsPerPage: number;
  /** Distinct product pages asked (and not measured) before the measured ones. */
  warmUpPages: number;
  /** Time to the last byte per page, ms (one at a time). */
  wallMsPerPage: number;
  averageKb: number;
  /** The same for a product that does not exist (404), ms of CPU. */
  notFoundCpuMsPerPage: number;
  /** SQL statements per cold product page (suki_sql_statements_total), when the caller can read them. */
  sqlPerPage: number | null;
  /**
   * CPU time of the PostgreSQL server's backends serving the shop, per cold product page, ms;
   * null on the embedded database, whose work is inside the shop's process (cpuMsPerPage).
   */
  databaseCpuMsPerPage: number | null;
};

/** CPU time (user + system) of a process so far, every thread, in ms, from /proc (Linux). */
export function cpuMsOf(pid: number): number {
  return cpuMsOfStat(`/proc/${pid}/stat`);
}

/** CPU time of a process's main thread alone (its thread id is the process id), ms. */
export function mainThreadCpuMsOf(pid: number): number {
  return cpuMsOfStat(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsOfStat(file: string): number {
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function coldRender(options: {
  base: string;
  pid: number;
  productPaths: string[];
  pages?: number;
  /** Distinct product pages asked first and not measured (default 30: code loaded, shared answers filled). */
  warmUpPages?: number;
  encoding?: string;
  /** The shop's SQL statements so far (its /metrics), to count them per page. */
  statements?: () => Promise<number>;
  /** The process ids of the PostgreSQL backends serving the shop (none on the embedded database). */
  databasePids?: () => Promise<number[]>;
}): Promise<ColdRenderFigures> {
  const { base, pid, productPaths } = options;
  const warmUpPages = options.warmUpPages ?? 30;
  const pages = Math.min(options.pages ?? 300, productPaths.length - warmUpPages);
  const encoding = options.encoding ?? 'br';
  if (pages < 50) throw new Error(`the cold render needs at least ${warmUpPages + 50} products (has ${productPaths.length})`);
  const ask = async (path: string, expected: number) => {
    const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
    const body = await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`cold render: ${path} answered ${response.status}`);
    if (response.headers.get('x-suki-page-cache') === 'hit') throw new Error(`cold render: ${path} was not cold`);
    return body.byteLength;
  };
  // Warm-up: the first pages compile code and fill the shared answers (header, footer).
  for (const path of productPaths.slice(0, warmUpPages)) await ask(path, 200);
  const chosen = productPaths.slice(warmUpPages, warmUpPages + pages);
  const sqlBefore = options.statements ? await options.statements() : null;
  const databaseBefore = options.databasePids ? cpuMsOfEach(await options.databasePids()) : null;
  const cpuBefore = cpuMsOf(pid);
  const mainBefore = mainThreadCpuMsOf(pid);
  const startedAt = performance.now();
  let bytes = 0;
  for (const path of chosen) bytes += await ask(path, 200);
  const cpuMsPerPage = (cpuMsOf(pid) - cpuBefore) / chosen.length;
  const mainThreadCpuMsPerPage = (mainThreadCpuMsOf(pid) - mainBefore) / chosen.length;
  const databaseCpuMs = databaseBefore && options.databasePids ? databaseCpuSince(databaseBefore, await options.databasePids()) : null;
  const wallMsPerPage = (performance.now() - startedAt) / chosen.length;
  const sqlPerPage = sqlBefore === null || !options.statements ? null : round(((await options.statements()) - sqlBefore) / chosen.length);

  const missing = Array.from({ length: 100 }, (_, i) => `/product/${Buffer.from(`Product:${900_000_000 + i}`).toString('base64')}`);
  const notFoundBefore = cpuMsOf(pid);
  for (const path of missing) await ask(path, 404);
  const notFoundCpuMsPerPage = (cpuMsOf(pid) - notFoundBefore) / missing.length;
  return {
    pages: chosen.length,
    encoding,
    cpuMsPerPage: round(cpuMsPerPage),
    mainThreadCpuMsPerPage: round(mainThreadCpuMsPerPage),
    warmUpPages,
    wallMsPerPage: round(wallMsPerPage),
    averageKb: round(bytes / chosen.length / 1024),
    notFoundCpuMsPerPage: round(notFoundCpuMsPerPage),
    sqlPerPage,
    databaseCpuMsPerPage: databaseCpuMs === null ? null : round(databaseCpuMs / chosen.length),
  };
}

/** Each live process's CPU so far, ms (a process gone since it was listed is left out). */
function cpuMsOfEach(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      cpu.set(pid, cpuMsOf(pid));
    } catch {
      // The backend ended between the listing and the read.
    }
  }
  return cpu;
}

/**
 * The backends' CPU since `before`: a backend started since counts whole (its start is part of
 * the pages' cost); one that ended since is lost (the shop's pool keeps its connections while
 * pages are asked, so none should). Null when no backend could be read: a PostgreSQL server on
 * another machine, whose processes this one cannot see.
 */
function databaseCpuSince(before: Map<number, number>, pidsNow: number[]): number | null {
  const now = cpuMsOfEach(pidsNow);
  if (now.size === 0) return null;
  let total = 0;
  for (const [pid, cpu] of now) total += cpu - (before.get(pid) ?? 0);
  return total;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function coldRenderLine(driver: string, c: ColdRenderFigures): string {
  return `Cold render (${driver}): ${c.cpuMsPerPage} ms of the shop's CPU per product page asked for the first time, ${c.mainThreadCpuMsPerPage} of them on its main thread (${c.pages} distinct pages one at a time on a fresh process after ${c.warmUpPages} others, Accept-Encoding: ${c.encoding}, ${c.averageKb} KB of HTML each, ${c.wallMsPerPage} ms each to the last byte${c.sqlPerPage === null ? '' : `, ${c.sqlPerPage} SQL statements each`}${c.databaseCpuMsPerPage === null ? '' : `, ${c.databaseCpuMsPerPage} ms of PostgreSQL's CPU each`}); a 404 product page ${c.notFoundCpuMsPerPage} ms.`;
}
