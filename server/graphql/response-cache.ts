// Visitors' answers to public catalogue and content queries, kept in process memory
// (docs/decisions/013-public-response-cache.md). Every visitor asks the same questions (the
// home page, a product, a listing); answering them from memory spares the database, which is
// where a page's time went.
//
// Correctness first:
// - only requests without a session token are cached, and only queries whose every root field
//   is public (PUBLIC_QUERY_FIELDS); anything else has a TTL of 0;
// - a committed change to any table those answers read (a database trigger NOTIFYs
//   'suki_catalogue', migration 0009) starts a new generation: older answers are never served
//   again. An answer computed while a change committed is not stored (its generation moved).
//
// Bounded by bytes: answers are kept as their JSON text, each counted at two bytes a
// character, in an LRU of `maxBytes`. The plugin's own store counted entries (2,000), and a
// product answer held as objects weighs about 28 KB: under a crawl of every product the answers
// alone grew to 57 MB of the 192 MB heap.
import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { createHash } from 'node:crypto';
import type { BuildResponseCacheKeyFunction, Cache as ResponseCacheStore, CacheEntityRecord } from '@envelop/response-cache';
import type { ExecutionResult } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Plugin } from 'graphql-yoga';
import { readToken } from './context';
import { inputTooDeepError, MAX_INPUT_DEPTH } from './input-depth';

/** Root query fields anyone may ask and whose answers are the same for every visitor. */
export const PUBLIC_QUERY_FIELDS = [
  'announcementModals',
  'banks',
  'banners',
  'barangays',
  'brand',
  'brands',
  'categories',
  'category',
  'cities',
  'contentPage',
  'featuredBrands',
  'featuredProducts',
  'installmentFactors',
  'paymentMethods',
  'product',
  'productTypes',
  'productVariants',
  'products',
  'provinces',
  'referralDiscount',
  'relatedProducts',
  'shippingZones',
  'testimonials',
  'tireAttributeValues',
  'tires',
  'webPushPublicKey',
] as const;

/** Root query fields never cached: personal, staff-only, or generic lookups that may be. */
export const PRIVATE_QUERY_FIELDS = ['checkout', 'checkoutSettings', 'gatewaySettings', 'isReviewed', 'me', 'node', 'nodes', 'order', 'orders', 'paymayaCards', 'payoutRequestCounts', 'payoutRequests', 'payoutRequestsCsv', 'referralFlags', 'referralRegistrationLink', 'referralSettings', 'staffCollections', 'staffContent', 'staffDashboard', 'staffProduct', 'staffProducts', 'staffUsers', 'vouchers'] as const;

export const CATALOGUE_CHANNEL = 'suki_catalogue';

/** Safety net only: changes invalidate at once through the generation. */
const PUBLIC_TTL_MS = 5 * 60 * 1000;

/**
 * The key @envelop/response-cache builds by default (SHA-256 of document, operation name,
 * variables with sorted keys and session), hashed synchronously. The default hashes through
 * WebCrypto's asynchronous digest, which a CPU profile of a signed-in home page put at 3.5% of
 * the process's time, nearly all of its in-process GraphQL cost: the key is built for every
 * operation, cached or not (bench/README.md, change 8).
 */
export function responseCacheKey(params: Parameters<BuildResponseCacheKeyFunction>[0]): string {
  const text = [params.documentString, params.operationName ?? '', stableStringify(params.variableValues ?? {}) ?? '', params.sessionId ?? ''].join('|');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * JSON with object keys sorted at every level, so that the same variables in another order give
 * the same key (what the default's fast-json-stable-stringify does); undefined for undefined.
 * It recurses: variables reach it only once their depth is bounded (input-depth.ts), and past
 * that bound it refuses rather than overflow the stack.
 */
export function stableStringify(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (depth >= MAX_INPUT_DEPTH) throw inputTooDeepError();
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return stableStringify((value as { toJSON(): unknown }).toJSON(), depth + 1);
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item, depth + 1) ?? 'null').join(',')}]`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .sort()
    .flatMap((key) => {
      const item = stableStringify(record[key], depth + 1);
      return item === undefined ? [] : [`${JSON.stringify(key)}:${item}`];
    });
  return `{${entries.join(',')}}`;
}

export type CatalogueCache = {
  /** The plugin for Yoga. */
  plugin: Plugin;
  /** Starts a new generation: called for every catalogue change notification. */
  invalidate(): void;
  generation(): number;
  /** Whether an answer with this key (its ETag) is kept for the current generation. */
  holds(key: string): boolean;
  /** Turns the cache on (once change notifications are being received). */
  start(): void;
  /**
   * The answer to a visitor's public question by its key (responseCacheKey, without the
   * generation): the kept one, or `run`'s, kept as Yoga's plugin would keep it (same key, same
   * ETag, not kept when it has errors or a change committed meanwhile). The text is the body
   * Yoga would send; the ETag is null when nothing was kept.
   */
  answer(key: string, run: () => Promise<ExecutionResult>): Promise<{ text: string; etag: string | null }>;
};

export function createCatalogueCache(maxBytes: number): CatalogueCache {
  let generation = 0;
  let started = false;
  const store = createBoundedStore(maxBytes);
  const generationOf = (key: string) => Number(/^g(\d+):/.exec(key)?.[1] ?? -1);

  const plugin = useResponseCache({
    // Looked up before the request is parsed or its context built: the session token is read
    // from the request itself. A token, even an expired one, means a personal request.
    enabled: (request) => started && readToken(request.headers) === null,
    session: () => null,
    // The generation is part of every key (and so of the ETag): a new generation never finds
    // an older answer, and an answer is stored only if no change committed while it was made.
    buildResponseCacheKey: (params) => `g${generation}:${responseCacheKey(params)}`,
    cache: {
      get: (key) => store.get(key),
      invalidate: (entities) => store.invalidate(entities),
      set: (key, data, entities, ttl) => (generationOf(key) === generation ? store.set(key, data, entities, ttl) : undefined),
    },
    ttl: PUBLIC_TTL_MS,
    ttlPerSchemaCoordinate: Object.fromEntries(PRIVATE_QUERY_FIELDS.map((field) => [`Query.${field}`, 0])),
    // Kept on for what it also does: a mutation is never looked up or stored (with it off, the
    // plugin would cache a visitor's mutation answers like queries). The generation does the
    // real invalidation.
    invalidateViaMutation: true,
    includeExtensionMetadata: false,
  });

  return {
    plugin,
    invalidate: () => {
      generation += 1;
    },
    generation: () => generation,
    holds: (key) => started && generationOf(key) === generation && store.has(key),
    start: () => {
      started = true;
    },
    answer: async (key, run) => {
      const asked = generation;
      const etag = `g${asked}:${key}`;
      const kept = started ? store.getText(etag) : undefined;
      if (kept !== undefined) return { text: withoutHttpExtensions(kept), etag };
      const result = await run();
      const text = JSON.stringify(result);
      if (!started || result.errors?.length || generation !== asked || result.extensions) return { text, etag: null };
      // As the plugin's shouldCacheResult marks what it keeps (Yoga sends these on a hit),
      // written into the text rather than serialising the answer again.
      const http = JSON.stringify({ headers: { ETag: etag, 'Last-Modified': new Date().toUTCString() } });
      store.setText(etag, `${text.slice(0, -1)},"extensions":{"http":${http}}}`, PUBLIC_TTL_MS);
      return { text, etag: store.has(etag) ? etag : null };
    },
  };
}

/** The HTTP body Yoga sends for a kept answer: its `extensions.http` (headers) left out. */
function withoutHttpExtensions(text: string): string {
  const result = JSON.parse(text) as ExecutionResult;
  const { http: _http, ...extensions } = (result.extensions ?? {}) as Record<string, unknown>;
  return JSON.stringify({ ...result, extensions: Object.keys(extensions).length > 0 ? extensions : undefined });
}

/** Bytes an entry's bookkeeping costs besides its text (the LRU's slots, the entity sets). */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * The response cache's store, as @envelop/response-cache's in-memory one behaves (an answer is
 * dropped with any entity a mutation reports changed), but bounded by bytes: each answer is
 * kept as JSON text and counted with its key and entity ids at two bytes a character (V8's
 * worst case), so `maxBytes` is what it may hold. A hit parses the text again: a fresh object
 * per request, which no caller can alter for the next.
 */
export function createBoundedStore(maxBytes: number): ResponseCacheStore & {
  has(key: string): boolean;
  getText(key: string): string | undefined;
  /** Keeps an answer already serialised, without entities: it goes with its generation. */
  setText(key: string, text: string, ttl: number): void;
  bytes(): number;
} {
  const entityToKeys = new Map<string, Set<string>>();
  const keyToEntities = new Map<string, Set<string>>();
  const forget = (key: string) => {
    for (const entity of keyToEntities.get(key) ?? []) {
      const keys = entityToKeys.get(entity);
      keys?.delete(key);
      if (keys?.size === 0) entityToKeys.delete(entity);
    }
    keyToEntities.delete(key);
  };
  const answers = new LRUCache<string, string>({
    maxSize: Math.max(1, maxBytes),
    // Evicted, expired or deleted: its entity ids go with it (a replaced answer brings its own).
    dispose: (_text, key, reason) => {
      if (reason !== 'set') forget(key);
    },
  });
  return {
    get: (key) => {
      const text = answers.get(key);
      return text === undefined ? null : (JSON.parse(text) as ExecutionResult);
    },
    set: (key, result, entities, ttl) => keep(key, JSON.stringify(result), entities, ttl),
    setText: (key, text, ttl) => keep(key, text, [], ttl),
    invalidate: (entities) => {
      for (const { typename, id } of entities) {
        for (const key of [...(entityToKeys.get(id == null ? typename : `${typename}:${id}`) ?? [])]) answers.delete(key);
      }
    },
    has: (key) => answers.has(key),
    getText: (key) => answers.get(key),
    bytes: () => answers.calculatedSize,
  };

  function keep(key: string, text: string, entities: Iterable<CacheEntityRecord>, ttl: number) {
    const ids = new Set<string>();
    for (const { typename, id } of entities) {
      ids.add(typename);
      if (id !== undefined) ids.add(`${typename}:${id}`);
    }
    let size = 2 * (text.length + key.length) + ENTRY_OVERHEAD_BYTES;
    for (const id of ids) size += 2 * id.length + 64;
    forget(key);
    answers.set(key, text, { ttl, size });
    // Too big for the budget: the LRU refused it, nothing to index.
    if (!answers.has(key)) return;
    keyToEntities.set(key, ids);
    for (const id of ids) {
      let keys = entityToKeys.get(id);
      if (!keys) entityToKeys.set(id, (keys = new Set()));
      keys.add(key);
    }
  }
}
