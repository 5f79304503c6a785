// Prometheus metrics: the process defaults plus request counts and durations by route kind.
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseWatch } from './database-watch';
import type { OverloadGuard } from './overload';

export function createMetrics(statementCount: () => number = () => 0) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let counted = 0;
  new Counter({
    name: 'suki_sql_statements_total',
    help: 'SQL statements the shop ran (per request: the benchmark divides by requests)',
    registers: [registry],
    collect() {
      const now = statementCount();
      this.inc(now - counted);
      counted = now;
    },
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests served',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    // Read now: mounted handlers rewrite req.url before the response finishes.
    const route = routeKind(req.path);
    res.on('finish', () => {
      const labels = { method: req.method, route, status: String(res.statusCode) };
      stop(labels);
      requests.inc(labels);
    });
    next();
  };

  /** Counts a response served outside Express (server/http/front.ts) like the middleware does. */
  const record = (method: string, path: string, status: number, seconds: number) => {
    const labels = { method, route: routeKind(path), status: String(status) };
    duration.observe(labels, seconds);
    requests.inc(labels);
  };

  return { registry, middleware, record };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The page cache's counts (page-cache.ts, front.ts: hits, misses rendered, misses answered by
 * another's render, pages stored) and the catalogue generation, read when /metrics is scraped:
 * a bench row's hits and misses, and whether the catalogue changed during it.
 */
export function registerPageCacheMetrics(registry: Registry, counts: Record<string, number>, generation: () => number | null, productChanges: () => number = () => 0) {
  const reported: Record<string, number> = {};
  new Counter({
    name: 'suki_page_cache_total',
    help: 'Visitors\' page lookups by result (hit, miss, waited for another\'s render) and pages stored',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      for (const [result, now] of Object.entries(counts)) {
        this.inc({ result }, now - (reported[result] ?? 0));
        reported[result] = now;
      }
    },
  });
  new Gauge({
    name: 'suki_catalogue_generation',
    help: 'The public catalogue\'s generation (one more per change notification); -1 while not listening',
    registers: [registry],
    collect() {
      this.set(generation() ?? -1);
    },
  });
  new Gauge({
    name: 'suki_catalogue_product_changes',
    help: 'Changes to one product seen (each drops only what shows it, ADR 053; not a new generation)',
    registers: [registry],
    collect() {
      this.set(productChanges());
    },
  });
}

/** The stored files a replica keeps in memory (server/storage/media-cache.ts, MEDIA_CACHE_MB). */
export function registerMediaCacheMetrics(registry: Registry, counts: { hits: number; misses: number }, size: () => number) {
  const reported = { hits: 0, misses: 0 };
  new Counter({
    name: 'suki_media_cache_total',
    help: 'Lookups of /media files in the replica\'s memory by result: hit, or miss (read from the storage driver)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      for (const result of ['hits', 'misses'] as const) {
        this.inc({ result: result === 'hits' ? 'hit' : 'miss' }, counts[result] - reported[result]);
        reported[result] = counts[result];
      }
    },
  });
  new Gauge({
    name: 'suki_media_cache_bytes',
    help: 'Bytes of stored files kept in the replica\'s memory (bounded by MEDIA_CACHE_MB)',
    registers: [registry],
    collect() {
      this.set(size());
    },
  });
}

/** Labels by kind, not by URL, so that product ids do not explode the label set. */
export function routeKind(path: string): string {
  return path.startsWith('/graphql') ? 'graphql'
    : path.startsWith('/assets/') ? 'assets'
    : path.startsWith('/media/') ? 'media'
    : path.startsWith('/proofs/') ? 'proof'
    : path === '/healthz' || path === '/metrics' ? path.slice(1)
    : 'page';
}

/**
 * Load shedding (overload.ts): requests refused with a 503, by reason and kind, and the turns
 * taken and waited for now.
 */
export function registerOverloadMetrics(registry: Registry, guard: Pick<OverloadGuard, 'shedCounts' | 'signals'>) {
  const reported = new Map<string, number>();
  new Counter({
    name: 'suki_shed_requests_total',
    help: 'Requests refused with 503 and Retry-After by load shedding, by reason (heap, event_loop, queue_full, waited_too_long) and kind (page, api)',
    labelNames: ['reason', 'kind'] as const,
    registers: [registry],
    collect() {
      for (const { reason, kind, count } of guard.shedCounts()) {
        const key = `${reason}|${kind}`;
        this.inc({ reason, kind }, count - (reported.get(key) ?? 0));
        reported.set(key, count);
      }
    },
  });
  new Gauge({
    name: 'suki_requests_in_flight',
    help: 'Page renders and API requests being worked on (at most OVERLOAD_MAX_RENDERS)',
    registers: [registry],
    collect() {
      this.set(guard.signals().inFlight);
    },
  });
  new Gauge({
    name: 'suki_requests_queued',
    help: 'Requests waiting for a turn (at most OVERLOAD_MAX_QUEUED)',
    registers: [registry],
    collect() {
      this.set(guard.signals().queued);
    },
  });
  new Gauge({
    name: 'suki_heap_live_ratio',
    help: 'Heap in use after the last full collection, as a share of the heap limit (OVERLOAD_HEAP_PERCENT)',
    registers: [registry],
    collect() {
      this.set(guard.signals().heapLiveRatio);
    },
  });
}

/** Whether PostgreSQL answered the last probes (database-watch.ts): 0 while the shop answers 503. */
export function registerDatabaseUpMetric(registry: Registry, watch: Pick<DatabaseWatch, 'isDown'>) {
  new Gauge({
    name: 'suki_database_up',
    help: 'PostgreSQL answers the probe (1) or is down and requests get the outage 503 (0)',
    registers: [registry],
    collect() {
      this.set(watch.isDown() ? 0 : 1);
    },
  });
}

/** node-postgres's pool (server/db/client.ts): connections open and idle, and queries waiting for one. */
export function registerDatabasePoolMetrics(registry: Registry, stats: () => { total: number; idle: number; waiting: number; max: number }) {
  new Gauge({
    name: 'suki_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total (open), idle, busy (running a query or transaction), max (DATABASE_POOL_SIZE)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = stats();
      this.set({ state: 'total' }, now.total);
      this.set({ state: 'idle' }, now.idle);
      this.set({ state: 'busy' }, now.total - now.idle);
      this.set({ state: 'max' }, now.max);
    },
  });
  new Gauge({
    name: 'suki_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection (all busy); each waits up to 15 s, then fails',
    registers: [registry],
    collect() {
      this.set(stats().waiting);
    },
  });
}
