// How Node runs the shop's server bundle, in one place: `npm start` and `npm run serve`
// (scripts/start.mjs), the bench (bench/run.ts), and the e2e and hardening suites all spawn
// `node ...serverNodeArgs()`, so every measured or tested process runs with the same heap.
//
// Why a heap limit: under load V8 grows its old space and keeps the pages. A heap snapshot after
// the bench held ~65 MB live while the process sat at 365-612 MB RSS (bench/README.md, change 50).
// With a limit V8 collects before growing past it; the live set (code, the response cache's
// 2,000 answers, the loaders of the requests in flight) stays far below. The page cache's
// bodies (up to 64 MB) and PGlite's WebAssembly heap (~145 MB) are outside V8's heap and so
// outside this limit. A smaller young generation (semi-space) also returns memory: scavenges
// are cheap at this size (bench/README.md measures req/s with and without).

import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** V8 old-space limit of the server process, in MB (raise with NODE_OPTIONS=--max-old-space-size=N). */
export const SERVER_OLD_SPACE_MB = 192;
/** V8 semi-space (each half of the young generation), in MB; V8's default is 16 on 64-bit. */
export const SERVER_SEMI_SPACE_MB = 8;

/**
 * The Node arguments that run `entry` (the server bundle). A heap flag already given in
 * NODE_OPTIONS is left to it: command-line flags would silently override the operator's.
 * @param {string} [entry]
 * @param {string} [nodeOptions]
 * @returns {string[]}
 */
export function serverNodeArgs(entry = 'dist/main.js', nodeOptions = process.env.NODE_OPTIONS ?? '', env = process.env) {
  return [...serverHeapFlags(nodeOptions), '--enable-source-maps', ...tracingPreload(entry, env), entry];
}

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT, the tracing preload built beside the bundle (dist/telemetry.js,
 * server/telemetry/preload.ts) runs first, so http and pg are instrumented before the server loads
 * them; without it, no flag and no OpenTelemetry package is loaded.
 * @param {string} entry
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
function tracingPreload(entry, env) {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return [];
  return ['--import', pathToFileURL(path.join(path.dirname(path.resolve(entry)), 'telemetry.js')).href];
}

/**
 * Only the heap flags of serverNodeArgs (for a process that adds its own entry and flags).
 * @param {string} [nodeOptions]
 * @returns {string[]}
 */
export function serverHeapFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const flags = [];
  if (!/--max[-_]old[-_]space[-_]size\b/.test(nodeOptions)) flags.push(`--max-old-space-size=${SERVER_OLD_SPACE_MB}`);
  if (!/--max[-_]semi[-_]space[-_]size\b/.test(nodeOptions)) flags.push(`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`);
  return flags;
}

/**
 * Environment for a shop process under a functional test (the e2e journeys, the hardening suite's
 * crash and secrets checks): load shedding keeps its turns (OVERLOAD_MAX_RENDERS at once, a
 * queue) but never refuses for event-loop delay, heap pressure or a long wait in the queue. On a
 * 2-core CI machine the browser and the test runner starve the server for hundreds of
 * milliseconds at a time, which the shedder rightly reads as delay, and one 503 then fails a
 * journey that tests something else (seen: an e2e address save refused while another suite
 * loaded the machine; a shop restarted after kill -9 answering 3 of 40 buyers' completions
 * "busy" after 2 s in its queue at load 13, where the crash-safety test checks what the database
 * kept). Shedding itself is tested by server/http/overload*.test.ts and by the soak, which runs
 * with the real settings.
 */
export const FUNCTIONAL_TEST_OVERLOAD_ENV = Object.freeze({ OVERLOAD_EVENT_LOOP_DELAY_MS: '60000', OVERLOAD_HEAP_PERCENT: '100', OVERLOAD_MAX_WAIT_MS: '60000' });
