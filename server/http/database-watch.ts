// Knows whether PostgreSQL answers, so that an outage is said at once. Without it every request
// waits for a pool connection (15 s, server/db/client.ts) and then fails with a masked error;
// with it, once the probe has found the database down, pages answer 503 "We'll be right back"
// and the API a clear error, at once, until a probe finds it back (docs/operations/database-outage.md).
//
// The probe opens its own connection each time instead of borrowing one from the pool: a pool
// busy with a sale's requests must not read as a database that is down.
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import type { Logger } from 'pino';

export type DatabaseWatchSettings = {
  /** Between probes while the database answers. */
  intervalMs: number;
  /** Between probes while it does not: the way back is found quickly. */
  downIntervalMs: number;
  /** A probe that has not connected and answered `select 1` by then has failed. */
  timeoutMs: number;
  /** Failed probes in a row before the database is said to be down (one lost packet is not an outage). */
  failuresToTrip: number;
};

export const DATABASE_WATCH_DEFAULTS: DatabaseWatchSettings = { intervalMs: 2_000, downIntervalMs: 1_000, timeoutMs: 1_000, failuresToTrip: 2 };

export type DatabaseWatch = {
  /** True from the probe that found the database down until one finds it back. */
  isDown(): boolean;
  /** A request met a connection error: probe now rather than at the next interval. */
  suspect(error: unknown): void;
  start(): void;
  stop(): void;
};

/** One probe of PostgreSQL on a connection of its own. */
export function postgresProbe(url: string, timeoutMs: number): () => Promise<void> {
  return async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
    // A connection lost while probing is reported through the query; nothing else to do here.
    client.on('error', () => undefined);
    const timer = setTimeout(() => void client.end().catch(() => undefined), timeoutMs + 250);
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      clearTimeout(timer);
      await client.end().catch(() => undefined);
    }
  };
}

/** Node and pg's codes for "no database at the other end" (not a failed statement). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P03']);

export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(e.message)) return true;
  }
  return false;
}

export function createDatabaseWatch(probe: () => Promise<void>, log: Logger, settings: DatabaseWatchSettings = DATABASE_WATCH_DEFAULTS): DatabaseWatch {
  let down = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let probing: Promise<void> | undefined;

  async function probeOnce() {
    try {
      await probe();
      failures = 0;
      if (down) {
        down = false;
        log.warn('the database answers again: serving requests');
      }
    } catch (error) {
      failures += 1;
      if (!down && failures >= settings.failuresToTrip) {
        down = true;
        log.error({ err: error }, `the database does not answer (${failures} probes failed): answering 503 until it is back`);
      }
    }
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => void runProbe().finally(schedule), down ? settings.downIntervalMs : settings.intervalMs);
    timer.unref();
  }

  function runProbe(): Promise<void> {
    probing ??= probeOnce().finally(() => (probing = undefined));
    return probing;
  }

  return {
    isDown: () => down,
    suspect(error) {
      if (!running || !isConnectionError(error)) return;
      // Probes in a row until it trips or answers; a probe already under way serves for this one.
      void runProbe().then(() => (!down && failures > 0 ? runProbe() : undefined));
    },
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}

/** Shown while the database is down: no scripts, no styles, nothing to load. */
export const OUTAGE_PAGE = `<!doctype html>
<html lang="en-PH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>We'll be right back | Suki</title></head>
<body><main><h1>We'll be right back</h1><p>The shop is taking a short break. Your cart and orders are safe. Please try again in a minute.</p><p><a href="">Try again</a></p></main></body></html>
`;
export const OUTAGE_MESSAGE = 'The shop is briefly unavailable: its database is not answering. Please try again in a minute.';
const OUTAGE_ANSWER = JSON.stringify({ errors: [{ message: OUTAGE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** The 503 of an outage: the short page, or the API's JSON error; never stored by anyone. */
export function sendOutage(req: IncomingMessage, res: ServerResponse) {
  if (res.headersSent) return void res.end();
  const api = (req.url ?? '').startsWith('/graphql');
  const body = api ? OUTAGE_ANSWER : OUTAGE_PAGE;
  res.writeHead(503, {
    'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS),
    'Cache-Control': 'no-store',
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
