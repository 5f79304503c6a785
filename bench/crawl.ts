// The crawl: what a search engine's crawler or a sale-day crowd asks of the shop.
// Many connections over every product page, every page of the listing and a spread of
// searches, in a fixed shuffled order, for a while; the shop's RSS sampled throughout. Used by
// `npm run bench` (scenario "crawl") and the hardening suite's soak test (hardening/soak.test.ts),
// which holds the process to SERVER_RSS_BUDGET_MB.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { SERVER_OLD_SPACE_MB, SERVER_SEMI_SPACE_MB } from '../scripts/server-node.mjs';
import { MEMORY_BUDGET_DEFAULTS_MB } from '../server/config';

/** Node's own code, libraries and native buffers: RSS less V8's heap and its external memory at the end of a crawl on PostgreSQL. */
const NODE_OWN_MB = 70;
/** PGlite's WebAssembly memory with its 16 MB of shared buffers (PGLITE_SHARED_BUFFERS); it never shrinks. */
const PGLITE_MB = 145;
const ON_ANY_DATABASE_MB =
  SERVER_OLD_SPACE_MB + 3 * SERVER_SEMI_SPACE_MB + MEMORY_BUDGET_DEFAULTS_MB.PAGE_CACHE_MB + MEMORY_BUDGET_DEFAULTS_MB.ANSWER_CACHE_MB + NODE_OWN_MB;

/**
 * The most RSS the shop's process may hold, in MB, by database, with the default settings:
 * every bound of docs/operations/memory-and-overload.md at its limit. V8's heap
 * (scripts/server-node.mjs: the old space and a young generation of three semi-spaces; the
 * heap caches live inside it), the Buffers of the page and answer caches (their defaults in
 * server/config.ts), Node's own, and on the embedded database PGlite's WebAssembly memory.
 * The soak test (hardening/soak.test.ts) holds the process to it at the end of its crawl.
 */
export const SERVER_RSS_BUDGET_MB = { postgres: ON_ANY_DATABASE_MB, pglite: ON_ANY_DATABASE_MB + PGLITE_MB } as const;

export type CrawlKind = 'product' | 'listing' | 'search';
export type CrawlTarget = { kind: CrawlKind; path: string };

const PAGE_SIZE = 20; // the /shop grid (app/routes/shop.tsx)
const CATALOGUE = /* GraphQL */ `
  query Crawl($after: String) {
    products(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id name } }
    }
  }
`;

/**
 * Every product page, every page of /shop (as a crawler finds them: Load More's address
 * opened as a page) and up to `searches` searches for words of the products' names, read
 * from the shop's own API.
 */
export async function crawlTargets(base: string, searches = 200): Promise<CrawlTarget[]> {
  const products: CrawlTarget[] = [];
  const listings: CrawlTarget[] = [{ kind: 'listing', path: '/shop' }];
  const words = new Set<string>();
  let after: string | null = null;
  for (let seen = 0; ; ) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
      body: JSON.stringify({ query: CATALOGUE, variables: { after } }),
    });
    const body = (await response.json()) as {
      data?: { products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { cursor: string; node: { id: string; name: string } }[] } };
      errors?: unknown;
    };
    if (!body.data) throw new Error(`the crawl could not list the catalogue (${response.status}): ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
    for (const { cursor, node } of body.data.products.edges) {
      products.push({ kind: 'product', path: `/product/${encodeURIComponent(node.id)}` });
      seen += 1;
      // The next grid page starts after every 20th product.
      if (seen % PAGE_SIZE === 0) listings.push({ kind: 'listing', path: `/shop?more=products&after=${encodeURIComponent(cursor)}` });
      for (const word of node.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3 && !/^\d+$/.test(word)) words.add(word);
    }
    if (!body.data.products.pageInfo.hasNextPage) break;
    after = body.data.products.pageInfo.endCursor;
  }
  // A spread of the words, the same each run.
  const sorted = [...words].sort();
  const step = Math.max(1, sorted.length / searches);
  const searchTargets: CrawlTarget[] = [];
  for (let i = 0; i < sorted.length && searchTargets.length < searches; i += step) {
    searchTargets.push({ kind: 'search', path: `/shop?query=${encodeURIComponent(sorted[Math.floor(i)]!)}` });
  }
  return shuffle([...products, ...listings, ...searchTargets], 23);
}

/** A fixed shuffle (mulberry32), so every run asks in the same order. */
export function shuffle<T>(list: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** A process's resident memory in MB from /proc (Linux); undefined once it is gone. */
export function rssMbOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Asked (sent), answered (requests), of those 2xx (ok), 503 (shed) or another status; sent less answered timed out, failed or was in flight at the end. */
type KindCounts = { sent: number; requests: number; ok: number; shed: number; other: number };

export type CrawlFigures = {
  targets: Record<CrawlKind, number>;
  connections: number;
  seconds: number;
  responses: number;
  /** 2xx answers a second. */
  pagesPerSecond: number;
  /** Latency of the 2xx answers, ms. */
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  byKind: Record<CrawlKind, KindCounts>;
  /** 503 answers (the designed refusal), and those of them without Retry-After (a fault). */
  shed503: number;
  shed503WithoutRetryAfter: number;
  /** 5xx answers other than 503. */
  other5xx: number;
  timeouts: number;
  /** Refused or reset connections (a process that died or dropped them). */
  connectionErrors: number;
  firstErrors: string[];
  rssStartMb: number;
  rssPeakMb: number;
  rssFinalMb: number | null;
  /** RSS every 10 s, MB. */
  rssTimeline: number[];
  /** Timeouts in each 10 s of the crawl (a stall of the whole process times out every connection at once). */
  timeoutsPer10s: number[];
  /** The server process ended during the crawl (the crawl stopped there). */
  serverDied: boolean;
};

export type CrawlOptions = {
  base: string;
  /** The shop's process, for its RSS and to notice it die. */
  pid: number;
  targets: CrawlTarget[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A line now and then (every 30 s) while it runs. */
  progress?: (line: string) => void;
};

const quantile = (sorted: number[], q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : 0);

/** Runs the crawl with autocannon; each connection takes the next target of the shared list. */
export async function crawl({ base, pid, targets, connections, seconds, headers = {}, progress }: CrawlOptions): Promise<CrawlFigures> {
  const byKind = Object.fromEntries((['product', 'listing', 'search'] as const).map((k) => [k, { sent: 0, requests: 0, ok: 0, shed: 0, other: 0 }])) as Record<CrawlKind, KindCounts>;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let next = 0;
  let shed503 = 0;
  let shed503WithoutRetryAfter = 0;
  let other5xx = 0;
  let connectionErrors = 0;
  const rssStartMb = rssMbOf(pid) ?? 0;
  let rssPeakMb = rssStartMb;
  const rssTimeline: number[] = [rssStartMb];
  let serverDied = false;
  const started = Date.now();

  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (request, context) => {
            const target = targets[next++ % targets.length]!;
            Object.assign(context, target);
            byKind[target.kind].sent += 1;
            return { ...request, path: target.path };
          },
          onResponse: (status, _body, context, responseHeaders) => {
            const target = context as Partial<CrawlTarget>;
            const counts = byKind[target.kind ?? 'product'];
            counts.requests += 1;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status < 300) counts.ok += 1;
            else if (status === 503) {
              counts.shed += 1;
              shed503 += 1;
              const retryAfter = Object.entries(responseHeaders ?? {}).some(([name, value]) => name.toLowerCase() === 'retry-after' && String(value).trim() !== '');
              if (!retryAfter) shed503WithoutRetryAfter += 1;
            } else {
              counts.other += 1;
              if (status >= 500) other5xx += 1;
              if (firstErrors.length < 5) firstErrors.push(`${status} ${target.path ?? ''}`.slice(0, 200));
            }
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // The tracker's own 'response' event passes the client first (its types describe the client's).
  (instance as unknown as { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void }).on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const timeoutsPer10s: number[] = [];
  instance.on('reqError', (error: Error) => {
    if (/timed out/.test(error.message)) {
      const bucket = Math.floor((Date.now() - started) / 10_000);
      while (timeoutsPer10s.length <= bucket) timeoutsPer10s.push(0);
      timeoutsPer10s[bucket]! += 1;
      return;
    }
    connectionErrors += 1;
    if (firstErrors.length < 5) firstErrors.push(error.message.slice(0, 200));
  });

  let lastProgress = started;
  const sampler = setInterval(() => {
    const rss = rssMbOf(pid);
    if (rss === undefined) {
      serverDied = true;
      instance.stop();
      return;
    }
    rssPeakMb = Math.max(rssPeakMb, rss);
    const elapsed = Date.now() - started;
    if (Math.floor(elapsed / 10_000) >= rssTimeline.length) rssTimeline.push(rss);
    if (progress && Date.now() - lastProgress >= 30_000) {
      lastProgress = Date.now();
      const done = Object.values(byKind).reduce((sum, k) => sum + k.requests, 0);
      const timedOut = timeoutsPer10s.reduce((sum, n) => sum + n, 0);
      progress(`${Math.round(elapsed / 1000)} s: ${done} answers, ${shed503} × 503, ${other5xx} other 5xx, ${timedOut} timeouts, RSS ${rss} MB (peak ${rssPeakMb})`);
    }
  }, 250);
  const result = await done.finally(() => clearInterval(sampler));

  const elapsedSeconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ok = Object.values(byKind).reduce((sum, k) => sum + k.ok, 0);
  const count = (kind: CrawlKind) => targets.filter((t) => t.kind === kind).length;
  const rssFinalMb = rssMbOf(pid) ?? null;
  return {
    targets: { product: count('product'), listing: count('listing'), search: count('search') },
    connections,
    seconds: Math.round(elapsedSeconds),
    responses: Object.values(byKind).reduce((sum, k) => sum + k.requests, 0),
    pagesPerSecond: Math.round((ok / elapsedSeconds) * 10) / 10,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    statuses,
    byKind,
    shed503,
    shed503WithoutRetryAfter,
    other5xx,
    timeouts: result.timeouts,
    connectionErrors,
    firstErrors,
    rssStartMb,
    rssPeakMb,
    rssFinalMb,
    rssTimeline,
    timeoutsPer10s,
    serverDied: serverDied || rssFinalMb === null,
  };
}

/** The crawl's figures as markdown table rows (bench/run.ts, the soak's log). */
export function crawlTable(rows: { label: string; figures: CrawlFigures }[]): string[] {
  return [
    '| database | products / listing pages / searches | conns | s | pages/s | p50 ms | p99 ms | 503 (without Retry-After) | other 5xx | timeouts | conn. errors | RSS start / peak / final MB | died |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(({ label, figures: f }) =>
      `| ${label} | ${f.targets.product} / ${f.targets.listing} / ${f.targets.search} | ${f.connections} | ${f.seconds} | ${f.pagesPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.shed503} (${f.shed503WithoutRetryAfter}) | ${f.other5xx} | ${f.timeouts} | ${f.connectionErrors} | ${f.rssStartMb} / ${f.rssPeakMb} / ${f.rssFinalMb ?? '-'} | ${f.serverDied ? 'yes' : 'no'} |`,
    ),
  ];
}
