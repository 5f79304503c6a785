// Load shedding (docs/decisions/038-bounded-memory-and-load-shedding.md): a saturated
// process refuses new work with a quick 503 and Retry-After while the work in flight finishes,
// instead of taking everything on until its heap runs out.
//
// Page renders and API requests (everything the front does not answer from a cache, other than
// health, metrics and static files) take a turn: at most OVERLOAD_MAX_RENDERS at once; more wait
// in a queue (at most OVERLOAD_MAX_QUEUED, each for at most OVERLOAD_MAX_WAIT_MS). Beyond that, or
// while the process is under pressure (mean event-loop delay past OVERLOAD_EVENT_LOOP_DELAY_MS,
// or the heap still past OVERLOAD_HEAP_PERCENT of its limit after a full collection), a new
// request is refused at once; under pressure one request at a time still runs, so a process
// whose caches alone fill its heap still serves, slowly, rather than refuse everyone forever.
//
// No library fits: @fastify/under-pressure is Fastify's; toobusy-js measures only a timer's lag;
// overload-protection (event-loop delay through the unmaintained loopbench, heap and RSS) has
// no turns or queue. Node's own monitorEventLoopDelay and the collector's performance entries do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { Logger } from 'pino';
import type { OverloadSettings } from '../config';

export type ShedReason = 'heap' | 'event_loop' | 'queue_full' | 'waited_too_long';

export type OverloadSignals = {
  /** Requests being worked on now. */
  inFlight: number;
  /** Requests waiting for a turn. */
  queued: number;
  /** Mean event-loop delay over the last sampling window, in ms. */
  eventLoopDelayMs: number;
  /** Heap in use after the last full collection, as a share of the heap limit. */
  heapLiveRatio: number;
};

export type Decision = { action: 'run' } | { action: 'queue' } | { action: 'shed'; reason: ShedReason };

/** What to do with a new request, given the process's state (pure: unit-tested). */
export function decide(signals: OverloadSignals, settings: Pick<OverloadSettings, 'maxRenders' | 'maxQueued' | 'eventLoopDelayMs' | 'heapRatio'>): Decision {
  // Under pressure one at a time still runs: with nothing in flight, refusing cannot help.
  if (signals.inFlight > 0) {
    if (signals.heapLiveRatio >= settings.heapRatio) return { action: 'shed', reason: 'heap' };
    if (signals.eventLoopDelayMs >= settings.eventLoopDelayMs) return { action: 'shed', reason: 'event_loop' };
  }
  if (signals.inFlight < settings.maxRenders && signals.queued === 0) return { action: 'run' };
  if (signals.queued < settings.maxQueued) return { action: 'queue' };
  return { action: 'shed', reason: 'queue_full' };
}

/** Paths never made to wait or refused: probes, metrics, static files (cheap, and needed to tell). */
export type Exempt = (path: string) => boolean;

type Waiting = { req: IncomingMessage; res: ServerResponse; run: () => void; refused?: () => void; timer: NodeJS.Timeout; gone: () => void };

export type OverloadGuard = ReturnType<typeof createOverloadGuard>;

export function createOverloadGuard(settings: OverloadSettings, options: { log?: Logger; sampleMs?: number; signals?: () => Pick<OverloadSignals, 'eventLoopDelayMs' | 'heapLiveRatio'> } = {}) {
  const sampleMs = options.sampleMs ?? 500;
  let inFlight = 0;
  const queue: Waiting[] = [];
  /** Refusals by reason and kind (page or api), for /metrics. */
  const shed = new Map<string, number>();
  let shedding: ShedReason | null = null;

  // Event-loop delay: the mean of each window, less the sampling resolution.
  const resolutionMs = 10;
  const delay = monitorEventLoopDelay({ resolution: resolutionMs });
  delay.enable();
  let eventLoopDelayMs = 0;
  // The heap after a full (mark-compact) collection is what the process really holds; between
  // collections the heap in use (garbage included) only bounds it from above.
  let heapLiveRatio = 0;
  const heapRatioNow = () => {
    const heap = getHeapStatistics();
    return heap.used_heap_size / heap.heap_size_limit;
  };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) heapLiveRatio = heapRatioNow();
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const sampler = setInterval(() => {
    eventLoopDelayMs = Math.max(0, delay.mean / 1e6 - resolutionMs);
    delay.reset();
    heapLiveRatio = Math.min(heapLiveRatio, heapRatioNow());
    // Pressure may have gone with nothing finishing: let the queue move.
    drain();
    noteState();
  }, sampleMs);
  sampler.unref();

  const signals = (): OverloadSignals => ({ inFlight, queued: queue.length, ...(options.signals?.() ?? { eventLoopDelayMs, heapLiveRatio }) });

  /** Logged once when refusing starts and once when it has passed, not per request. */
  function noteRefusal(reason: ShedReason) {
    if (shedding) return;
    shedding = reason;
    options.log?.warn({ reason, ...signals() }, `overloaded (${reason}): refusing new work with 503 until it passes`);
  }
  function noteState() {
    if (!shedding || busy() || queue.length > 0) return;
    shedding = null;
    options.log?.info({ ...signals() }, 'no longer overloaded');
  }

  function refuse(req: IncomingMessage, res: ServerResponse, reason: ShedReason, refused?: () => void) {
    const kind = isApi(req) ? 'api' : 'page';
    const key = `${reason}|${kind}`;
    shed.set(key, (shed.get(key) ?? 0) + 1);
    noteRefusal(reason);
    sendBusy(req, res, settings.retryAfterSeconds);
    refused?.();
  }

  function start(req: IncomingMessage, res: ServerResponse, run: () => void) {
    inFlight += 1;
    let done = false;
    // 'close' follows 'finish', and also comes when the client goes mid-render.
    res.once('close', () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      drain();
    });
    run();
  }

  /** Gives free turns to the oldest waiting requests (or refuses them, if pressure came). */
  function drain() {
    while (queue.length > 0 && inFlight < settings.maxRenders) {
      const next = queue.shift() as Waiting;
      clearTimeout(next.timer);
      next.res.off('close', next.gone);
      const decision = decide({ ...signals(), queued: 0 }, settings);
      if (decision.action === 'shed') refuse(next.req, next.res, decision.reason, next.refused);
      else start(next.req, next.res, next.run);
    }
  }

  /** Runs `run` now, after a wait, or not at all (a 503 is sent instead, then `refused` called). */
  function admit(req: IncomingMessage, res: ServerResponse, run: () => void, refused?: () => void): void {
    const decision = decide(signals(), settings);
    if (decision.action === 'run') return start(req, res, run);
    if (decision.action === 'shed') return refuse(req, res, decision.reason, refused);
    const waiting: Waiting = {
      req,
      res,
      run,
      refused,
      timer: setTimeout(() => {
        remove(waiting);
        refuse(req, res, 'waited_too_long', refused);
      }, settings.maxWaitMs),
      // A client that gave up while waiting leaves the queue.
      gone: () => {
        clearTimeout(waiting.timer);
        remove(waiting);
      },
    };
    res.once('close', waiting.gone);
    queue.push(waiting);
  }

  function remove(waiting: Waiting) {
    const index = queue.indexOf(waiting);
    if (index !== -1) queue.splice(index, 1);
  }

  /** Whether a new request would be refused now (for /healthz). */
  function busy(): boolean {
    const s = signals();
    return decide({ ...s, inFlight: Math.max(1, s.inFlight) }, settings).action === 'shed';
  }

  return {
    admit,
    busy,
    signals,
    /** Refusals so far, by reason and kind. */
    shedCounts: (): { reason: string; kind: string; count: number }[] =>
      [...shed].map(([key, count]) => {
        const [reason = '', kind = ''] = key.split('|');
        return { reason, kind, count };
      }),
    stop: () => {
      clearInterval(sampler);
      delay.disable();
      gcObserver.disconnect();
    },
  };
}

const isApi = (req: IncomingMessage) => (req.url ?? '').startsWith('/graphql');

/** Shown to a shopper whose page was refused: no scripts, no styles, nothing to load. */
export const BUSY_PAGE = `<!doctype html>
<html lang="en-PH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Busy | Suki</title></head>
<body><main><h1>Suki is busy right now</h1><p>Too many shoppers at once. Please try again in a few seconds.</p><p><a href="">Try again</a></p></main></body></html>
`;
const BUSY_ANSWER = JSON.stringify({ errors: [{ message: 'The shop is busy: try again in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });

/** The 503: a short page, or the API's JSON error, with Retry-After; never stored by anyone. */
export function sendBusy(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number) {
  if (res.headersSent) return void res.end();
  const api = isApi(req);
  const body = api ? BUSY_ANSWER : BUSY_PAGE;
  res.writeHead(503, {
    'Retry-After': String(retryAfterSeconds),
    'Cache-Control': 'no-store',
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
