// Visitors' rendered storefront pages, kept in memory per catalogue generation.
//
// A visitor's page is a function of its URL, the cookie-consent cookie and the public catalogue
// (which the API's response cache already tracks by generation, docs/decisions/013): rendering
// it again for every visitor cost 10-20 ms of one core and 9-15 SQL statements. Here the first
// render is kept and later visitors get it back. The stored bytes are the same for every visitor:
// the render's CSP nonce is taken out and the stored CSP allows the nonce-bearing inline scripts
// by their hashes instead (stored-csp.ts, docs/decisions/030), so each encoding of a page is
// compressed once, not per hit.
//
// Safety, by construction rather than by remembering to exclude things:
// - only GET requests without credentials: no Authorization header and no cookie outside
//   KEY_COOKIES/IGNORED_COOKIES (a session cookie, even an expired one, means "personal");
// - only the public pages listed in CACHEABLE_PATHS (never /verify, /reset, /payment..., whose
//   loaders act on a token in the URL), and their single-fetch `.data` twins;
// - only 200 answers without Set-Cookie and without `Cache-Control: private|no-store`;
// - an answer is stored only if no catalogue change committed while it was rendered, and served
//   only in the generation it was made in; TTL_MS bounds what no trigger reports (e.g. the
//   order counts behind "best selling");
// - a change to one product (docs/decisions/053-product-scoped-invalidation.md) drops the pages
//   whose answers showed it (their tags, gathered by the page's in-process API client) and the
//   pages whose answers could not be told; a page rendered while such a change came is stored
//   only if it did not show what changed.
//
// Hits are served by the front (front.ts) before Express runs; here, in Express, a miss is
// rendered and kept with the head the full path sent (recorded-response.ts).
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import { recordHead, recordedHeader, writtenBytes, type RecordedHead } from './recorded-response';
import { createFlights } from './single-flight';
import { headWithHashes, unnonce } from './stored-csp';

/** Cookies the page depends on: part of the key. */
const KEY_COOKIES = ['cookie_consent'];
/** Cookies the storefront's HTML never depends on. */
// signup_token: a shared link's referral code, read only in the browser after hydration.
// signed_in: the hint that a session cookie was sent (below), read only in the browser.
const IGNORED_COOKIES = ['device', 'signup_token', 'signed_in'];
export const PAGE_CACHE_HEADER = 'x-suki-page-cache';

/**
 * A signed-in shopper's public page is the visitors' (docs/decisions/055): the session cookie
 * is taken off the request before anything reads it, and the browser fills in the personal
 * parts after hydration (app/lib/personal-fill.ts). The page's script cannot see the HttpOnly
 * session cookie, so the front tells it with this cookie, which says only that one was sent:
 * no identity, no value to steal, and the session is still checked by every personal request.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
export const SIGNED_IN_HINT = `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax`;
export const SIGNED_IN_HINT_CLEARED = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/**
 * The public pages a signed-in shopper is served as a visitor: what they show is the same for
 * everyone but the header's account links and counts, whether someone is signed in (a login
 * prompt's target) and the product page's watchlist mark, all of which the browser asks for
 * after hydration. Not `/` with a query: `/?token=` captures a PayPal payment for the signed-in
 * viewer, and `?open=` opens the sign-in dialogs. Not the `.data` twins: a signed-in client's
 * data requests are its own (the fill itself is one).
 */
const SHELL_PATHS = [
  /^\/shop(\/[^/]+\/[^/]+)?$/,
  /^\/shop\/best-deals\/today$/,
  /^\/tire-search(\/[^/]+\/[^/]+)?$/,
  /^\/product\/[^/]+$/,
  /^\/(categories|brands|terms-conditions|privacy-policy|faqs|about|trade-in|faq-trade-in|about-trade-in)$/,
];

const CACHEABLE_PATHS = [
  /^\/(_root)?$/,
  /^\/shop(\/[^/]+\/[^/]+)?$/,
  /^\/shop\/best-deals\/today$/,
  /^\/tire-search(\/[^/]+\/[^/]+)?$/,
  /^\/product\/[^/]+$/,
  /^\/(categories|brands|terms-conditions|privacy-policy|faqs|about|trade-in|faq-trade-in|about-trade-in|plans\/signup)$/,
  /^\/(robots\.txt|sitemap\.xml|sitemap\/pages|sitemap\/products\/\d+)$/,
];
const STORED_TYPES = /^(text\/html|text\/x-script|text\/plain|application\/xml|text\/xml)\b/;
/** Decided per hit: whether to compress, and this answer's hit/miss mark. */
const PER_HIT_HEADERS = ['content-encoding', PAGE_CACHE_HEADER];
const TTL_MS = 60_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** A stored page: the same bytes and head for every visitor (no nonce), and its encodings. */
export type Page = {
  head: RecordedHead;
  body: Buffer;
  bytes: number;
  generation: number;
  /** Whether the full path's compression considered it (it added Vary: Accept-Encoding). */
  compressible: boolean;
  /**
   * Whether compression knew the length when the head was written (one end() call, or a
   * Content-Length): only then does its 1 KB threshold apply; a streamed render is compressed
   * whatever its size.
   */
  lengthKnown: boolean;
  /** The body per content encoding, compressed once by the front on the first hit asking for it. */
  encoded: Map<string, Buffer | Promise<Buffer>>;
  /** What its answers showed (answer-entities.ts); null when not known: dropped by any product change. */
  tags: ReadonlySet<string> | null;
};

/** The stored form of a rendered body and head, or null when it cannot be made nonce-free. */
export function storedForm(body: Buffer, head: RecordedHead, nonce: string, html: boolean): { body: Buffer; head: RecordedHead } | null {
  // Only HTML runs scripts; any other body must simply not hold the nonce.
  const unnonced = html ? unnonce(body, nonce) : nonce && body.includes(nonce) ? null : { body, hashes: [] };
  const fixedHead = unnonced && (nonce ? headWithHashes(head, nonce, unnonced.hashes) : head);
  return unnonced && fixedHead ? { body: unnonced.body, head: fixedHead } : null;
}

export type PageCacheOptions = {
  /** The public catalogue's generation; null while change notifications are not being received. */
  generation: () => number | null;
  tokenCookie: string;
  /** Upper bound of the bodies kept, in bytes (PAGE_CACHE_MB; Buffers, outside the V8 heap). */
  maxBytes?: number;
  /** Product changes (the API's): without them, a page is kept only while none came. */
  productChanges?: { seq(): number; untouchedSince(since: number, tags: ReadonlySet<string> | null): boolean };
};

/** What a rendered page's answers showed, set on res.locals by the page's load context. */
export type PageTagsLocal = { tags: Set<string>; unknown: boolean };
export const PAGE_TAGS_LOCAL = 'pageTags';

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(options: PageCacheOptions) {
  const store = new LRUCache<string, Page>({
    maxSize: Math.max(1, options.maxBytes ?? 48 * 1024 * 1024),
    // The body and room for its brotli and gzip encodings (about a fifth of it each).
    sizeCalculation: (page, key) => Math.ceil(page.bytes * 1.5) + 2 * key.length + 1024,
    ttl: TTL_MS,
  });
  const personalCookies = new Set([options.tokenCookie]);

  /** The page's key, or null when it must not be served from or kept in the cache. */
  function keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' || req.headers.authorization) return null;
    // The raw request line, as the front sees it (Express's originalUrl is the same string).
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const pathname = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
    if (!CACHEABLE_PATHS.some((pattern) => pattern.test(pathname))) return null;
    const keyParts: string[] = [];
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const name = part.slice(0, part.indexOf('=') >>> 0).trim();
      if (!name) continue;
      if (personalCookies.has(name)) return null;
      if (KEY_COOKIES.includes(name)) keyParts.push(part.trim());
      else if (!IGNORED_COOKIES.includes(name)) return null;
    }
    return `${keyParts.sort().join(';')}|${url}`;
  }

  /**
   * For a signed-in shopper's GET of a public page (SHELL_PATHS): the cookie header without the
   * session cookie (what a visitor would send; '' for none) and whether the hint was sent.
   * Null for any other request. Another personal credential (an Authorization header) keeps
   * the request personal.
   */
  function shellOf(req: IncomingMessage): { cookie: string; hinted: boolean } | null {
    if (req.method !== 'GET' || req.headers.authorization) return null;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.endsWith('.data') || (!(path === '/' && query === -1) && !SHELL_PATHS.some((pattern) => pattern.test(path)))) return null;
    const kept: string[] = [];
    let session = false;
    let hinted = false;
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const name = part.slice(0, part.indexOf('=') >>> 0).trim();
      if (!name) continue;
      if (personalCookies.has(name)) session = true;
      else {
        if (name === SIGNED_IN_HINT_COOKIE) hinted = true;
        kept.push(part.trim());
      }
    }
    return session ? { cookie: kept.join('; '), hinted } : null;
  }

  /** Counted for /metrics (metrics.ts): hits, misses, misses answered by another's render, pages stored and pages dropped by a product change. */
  const counts = { hit: 0, miss: 0, waited: 0, stored: 0, dropped: 0 };
  let changeSeq = 0;
  const changes = options.productChanges ?? { seq: () => changeSeq, untouchedSince: (since: number) => since === changeSeq };

  /** A product changed: its pages go, and those whose answers are not known. */
  function drop(tags: readonly string[]): void {
    changeSeq += 1;
    const stale: string[] = [];
    for (const [key, page] of store.entries()) if (!page.tags || tags.some((tag) => page.tags!.has(tag))) stale.push(key);
    for (const key of stale) store.delete(key);
    counts.dropped += stale.length;
  }

  /**
   * The request's key and generation and the page stored for it in that generation (null on a
   * miss), or null when the request is not the page cache's (the front's lookup).
   */
  function find(req: IncomingMessage): { key: string; generation: number; page: Page | null } | null {
    const generation = options.generation();
    if (generation === null) return null;
    const key = keyOf(req);
    if (key === null) return null;
    const page = store.get(key);
    return { key, generation, page: page && page.generation === generation ? page : null };
  }

  /** The page stored for this request in the current generation, or null. */
  function lookup(req: IncomingMessage): Page | null {
    return find(req)?.page ?? null;
  }

  /** Express middleware: lets the page render and keeps a storable answer for later visitors. */
  function recorder(req: Request, res: Response, next: NextFunction): void {
    const generation = options.generation();
    const key = generation === null ? null : keyOf(req);
    if (key === null) return next();
    const nonce = String(res.locals.cspNonce ?? '');
    const seq = changes.seq();

    res.setHeader(PAGE_CACHE_HEADER, 'miss');
    const chunks: Buffer[] = [];
    let size = 0;
    let lengthKnown: boolean | undefined;
    const collect = (chunk: unknown, encoding: unknown, ending: boolean) => {
      lengthKnown ??= ending || res.getHeader('content-length') !== undefined;
      if (size > MAX_PAGE_BYTES) return;
      const buffer = writtenBytes(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      chunks.push(buffer);
    };
    // res.write/res.end have several overloads; the wrappers pass every argument through
    // unchanged and only look at the chunk.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1], false);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1], true);
      // Ended first: the head is then final (compression adds its Vary when the head is written).
      const ended = end(...args);
      const shown = res.locals[PAGE_TAGS_LOCAL] as PageTagsLocal | undefined;
      const tags = shown && !shown.unknown ? shown.tags : null;
      const stored = storable(res) && size <= MAX_PAGE_BYTES && options.generation() === generation && changes.untouchedSince(seq, tags)
        ? storedForm(Buffer.concat(chunks), recordHead(res, nonce, PER_HIT_HEADERS), nonce, /^text\/html\b/.test(String(res.getHeader('content-type'))))
        : null;
      if (stored) {
        counts.stored += 1;
        store.set(key, {
          head: stored.head,
          body: stored.body,
          bytes: stored.body.length,
          generation: generation as number,
          compressible: /\baccept-encoding\b/i.test(recordedHeader(stored.head, 'vary') ?? ''),
          lengthKnown: lengthKnown ?? true,
          encoded: new Map(),
          tags,
        });
      }
      return ended;
    }) as Response['end'];
    next();
  }

  // Concurrent misses of one key: one renders, the others wait for it (single-flight.ts).
  return { recorder, find, lookup, drop, keyOf, shellOf, flights: createFlights(), counts };
}

function storable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return false;
  if (/\b(private|no-store)\b/.test(String(res.getHeader('cache-control') ?? ''))) return false;
  return STORED_TYPES.test(String(res.getHeader('content-type') ?? ''));
}
