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
// - a change to one product (its visible stock, or its own columns: migration 0031) drops only
//   the answers that show it, and for its own columns every listing too (catalogueChangeTags,
//   docs/decisions/053-product-scoped-invalidation.md); an answer computed while such a change
//   committed is not stored if it shows what changed.
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
import { encodeGlobalID } from '@pothos/plugin-relay';
import { parse, type GraphQLSchema } from 'graphql';
import { LISTING_TAG, withEntityFields } from './answer-entities';
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
  'sellerDetails',
  'shippingZones',
  'testimonials',
  'tireAttributeValues',
  'tires',
  'webPushPublicKey',
] as const;

/** Root query fields never cached: personal, staff-only, or generic lookups that may be. */
export const PRIVATE_QUERY_FIELDS = ['checkout', 'checkoutSettings', 'gatewaySettings', 'isReviewed', 'me', 'node', 'nodes', 'order', 'orders', 'paymayaCards', 'payoutRequestCounts', 'payoutRequests', 'payoutRequestsCsv', 'privacyRequests', 'referralFlags', 'referralRegistrationLink', 'referralSettings', 'staffCollections', 'staffContent', 'staffDashboard', 'staffProduct', 'staffProducts', 'staffUsers', 'vouchers', 'withholdingAlphalistCsv'] as const;

export const CATALOGUE_CHANNEL = 'suki_catalogue';

/**
 * A change notification's table: the payload is the table's name (migration 0009), or
 * 'table:ids' for a change to one product (migration 0031); '' when anything may have changed.
 */
export function catalogueChangeTable(payload: string): string {
  const colon = payload.indexOf(':');
  return colon === -1 ? payload : payload.slice(0, colon);
}

/**
 * What a change to one product makes stale, as tags of the answers and pages that hold it
 * ('Typename:global id' as @envelop/response-cache names entities, and LISTING_TAG); null when
 * the change is not one product's: then everything is (a new generation).
 * - 'product_variants:<product>:<variant>': a variant's stock as shoppers see it. No listing
 *   filters or orders by stock, so only what shows the product or the variant.
 * - 'products:<product>': the product's own columns (name, description, sale flags...). What
 *   shows it, and every listing: one may now find it by a new word, or show it among the deals.
 * - 'search_terms': the search's vocabulary (words it corrects typos to), which every product
 *   save adds to. Only searches read it, and a search is a listing.
 */
export function catalogueChangeTags(payload: string): string[] | null {
  if (payload === 'search_terms') return [LISTING_TAG];
  const variant = /^product_variants:(\d+):(\d+)$/.exec(payload);
  if (variant) return [`Product:${encodeGlobalID('Product', variant[1]!)}`, `ProductVariant:${encodeGlobalID('ProductVariant', variant[2]!)}`];
  const product = /^products:(\d+)$/.exec(payload);
  if (product) return [`Product:${encodeGlobalID('Product', product[1]!)}`, LISTING_TAG];
  return null;
}

/** How many product changes are remembered to judge an answer computed while they came. */
const RECENT_CHANGES = 256;

/**
 * Product changes in the order they came (catalogueChangeTags): whether anything an answer or a
 * page shows changed since it started being computed, so that none is stored stale.
 */
export function createChangeLog() {
  let seq = 0;
  const recent: { seq: number; tags: readonly string[] }[] = [];
  return {
    seq: () => seq,
    add(tags: readonly string[]) {
      seq += 1;
      recent.push({ seq, tags });
      if (recent.length > RECENT_CHANGES) recent.shift();
    },
    /** Whether no change since `since` touched `tags` (null: unknown, touched by any change). */
    untouchedSince(since: number, tags: ReadonlySet<string> | null): boolean {
      if (since === seq) return true;
      // Older than what is remembered: it cannot be judged.
      if ((recent[0]?.seq ?? Infinity) > since + 1) return false;
      return recent.every((change) => change.seq <= since || (tags !== null && !change.tags.some((tag) => tags.has(tag))));
    },
  };
}

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
  /**
   * A catalogue change notification's payload: drops what one product's change makes stale
   * (catalogueChangeTags), or starts a new generation.
   */
  changed(payload: string): void;
  /** Starts a new generation. */
  invalidate(): void;
  generation(): number;
  /** Product changes seen (a sequence number), and whether one since `since` touched `tags`. */
  changeSeq(): number;
  untouchedSince(since: number, tags: ReadonlySet<string> | null): boolean;
  /** Called with each product change's tags (the stored pages drop theirs). */
  onProductChange(listener: (tags: readonly string[]) => void): void;
  /** What the kept answer with this ETag shows (its tags), or null when none is kept. */
  tagsOf(key: string): ReadonlySet<string> | null;
  /** Whether an answer with this key (its ETag) is kept for the current generation. */
  holds(key: string): boolean;
  /** Turns the cache on (once change notifications are being received). */
  start(): void;
  /**
   * The answer to a visitor's public question by its key (responseCacheKey, without the
   * generation): the kept one, or `run`'s, kept as Yoga's plugin would keep it (same key, same
   * ETag, not kept when it has errors or a change committed meanwhile). The text is the body
   * Yoga would send; the ETag is null when nothing was kept. `run` adds what its answer shows
   * to the tags it is given (answer-entities.ts).
   */
  answer(key: string, run: (tags: Set<string>) => Promise<ExecutionResult>): Promise<{ text: string; etag: string | null }>;
};

/** Misses of Yoga's path under way, by key: the change sequence when each started. */
const MAX_PENDING = 4096;
const PENDING_STALE_MS = 30_000;

export function createCatalogueCache(maxBytes: number, schema?: GraphQLSchema): CatalogueCache {
  let generation = 0;
  let started = false;
  const store = createBoundedStore(maxBytes);
  const changes = createChangeLog();
  const listeners: ((tags: readonly string[]) => void)[] = [];
  const generationOf = (key: string) => Number(/^g(\d+):/.exec(key)?.[1] ?? -1);
  // Yoga's path stores through the plugin's set(), which does not say when its answer started:
  // the key's lookup records it here (and whether the document holds a listing).
  const pending = new Map<string, { seq: number; at: number; listing: boolean }>();
  const listingDocuments = new Map<string, boolean>();
  const holdsListing = (source: string): boolean => {
    let known = listingDocuments.get(source);
    if (known === undefined) {
      try {
        known = schema ? withEntityFields(schema, parse(source, { noLocation: true })).listing : true;
      } catch {
        known = true;
      }
      if (listingDocuments.size >= MAX_PENDING) listingDocuments.clear();
      listingDocuments.set(source, known);
    }
    return known;
  };

  const plugin = useResponseCache({
    // Looked up before the request is parsed or its context built: the session token is read
    // from the request itself. A token, even an expired one, means a personal request.
    enabled: (request) => started && readToken(request.headers) === null,
    session: () => null,
    // The generation is part of every key (and so of the ETag): a new generation never finds
    // an older answer, and an answer is stored only if no change committed while it was made.
    buildResponseCacheKey: (params) => {
      const key = `g${generation}:${responseCacheKey(params)}`;
      const now = Date.now();
      const known = pending.get(key);
      // Concurrent misses of one key: the earliest start judges them all.
      if (!known || now - known.at > PENDING_STALE_MS) {
        if (pending.size >= MAX_PENDING) pending.clear();
        pending.set(key, { seq: changes.seq(), at: now, listing: holdsListing(params.documentString) });
      }
      return key;
    },
    cache: {
      get: (key) => {
        const kept = store.get(key);
        if (kept) pending.delete(key);
        return kept;
      },
      invalidate: (entities) => store.invalidate(entities),
      set: (key, data, entities, ttl) => {
        const since = pending.get(key);
        pending.delete(key);
        if (!since || generationOf(key) !== generation) return undefined;
        const shown = [...entities, ...(since.listing ? [{ typename: LISTING_TAG }] : [])];
        if (!changes.untouchedSince(since.seq, new Set(shown.map(({ typename, id }) => (id == null ? typename : `${typename}:${id}`))))) return undefined;
        return store.set(key, data, shown, ttl);
      },
    },
    ttl: PUBLIC_TTL_MS,
    ttlPerSchemaCoordinate: Object.fromEntries(PRIVATE_QUERY_FIELDS.map((field) => [`Query.${field}`, 0])),
    // Kept on for what it also does: a mutation is never looked up or stored (with it off, the
    // plugin would cache a visitor's mutation answers like queries). The generation does the
    // real invalidation.
    invalidateViaMutation: true,
    includeExtensionMetadata: false,
  });

  const invalidate = () => {
    generation += 1;
  };
  return {
    plugin,
    changed: (payload) => {
      const tags = catalogueChangeTags(payload);
      if (!tags) return invalidate();
      changes.add(tags);
      store.drop(tags);
      for (const listener of listeners) listener(tags);
    },
    invalidate,
    generation: () => generation,
    changeSeq: () => changes.seq(),
    untouchedSince: (since, tags) => changes.untouchedSince(since, tags),
    onProductChange: (listener) => void listeners.push(listener),
    tagsOf: (key) => (started && generationOf(key) === generation ? store.tagsOf(key) : null),
    holds: (key) => started && generationOf(key) === generation && store.has(key),
    start: () => {
      started = true;
    },
    answer: async (key, run) => {
      const asked = generation;
      const askedSeq = changes.seq();
      const etag = `g${asked}:${key}`;
      const kept = started ? store.getText(etag) : undefined;
      if (kept !== undefined) return { text: withoutHttpExtensions(kept), etag };
      const tags = new Set<string>();
      const result = await run(tags);
      const text = JSON.stringify(result);
      if (!started || result.errors?.length || generation !== asked || result.extensions || !changes.untouchedSince(askedSeq, tags)) return { text, etag: null };
      // As the plugin's shouldCacheResult marks what it keeps (Yoga sends these on a hit),
      // written into the text rather than serialising the answer again.
      const http = JSON.stringify({ headers: { ETag: etag, 'Last-Modified': new Date().toUTCString() } });
      store.setText(etag, `${text.slice(0, -1)},"extensions":{"http":${http}}}`, PUBLIC_TTL_MS, tags);
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
  /** Keeps an answer already serialised, with the tags of what it shows (answer-entities.ts). */
  setText(key: string, text: string, ttl: number, tags?: Iterable<string>): void;
  /** Drops every answer holding one of these tags ('Typename:id', a typename, LISTING_TAG). */
  drop(tags: Iterable<string>): void;
  /** The tags of a kept answer; null when none is kept. */
  tagsOf(key: string): ReadonlySet<string> | null;
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
    setText: (key, text, ttl, tags = []) => keep(key, text, [], ttl, tags),
    invalidate: (entities) => {
      for (const { typename, id } of entities) {
        for (const key of [...(entityToKeys.get(id == null ? typename : `${typename}:${id}`) ?? [])]) answers.delete(key);
      }
    },
    drop: (tags) => {
      for (const tag of tags) for (const key of [...(entityToKeys.get(tag) ?? [])]) answers.delete(key);
    },
    tagsOf: (key) => (answers.has(key) ? (keyToEntities.get(key) ?? new Set()) : null),
    has: (key) => answers.has(key),
    getText: (key) => answers.get(key),
    bytes: () => answers.calculatedSize,
  };

  function keep(key: string, text: string, entities: Iterable<CacheEntityRecord>, ttl: number, tags: Iterable<string> = []) {
    const ids = new Set<string>(tags);
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
