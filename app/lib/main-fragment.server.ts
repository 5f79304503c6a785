// The rendered <main> of pages whose main content is a function of their routes' loader data,
// kept in memory so that a page asked again (a signed-in shopper's, which the visitors' page
// cache never serves) renders only its frame: head, header, footer and hydration data
// (docs/decisions/028-stored-main-markup.md).
//
// Safety, by construction:
// - a route opts in with `handle.mainFromLoaderData` only if what its components render inside
//   <main> depends on nothing but its loader data, the URL, whether someone is signed in and
//   the CSP nonce; the key is exactly those (the nonce cut out), so an entry is served only to a
//   request that would have rendered the same bytes. The root's loader data (the viewer, the
//   cart) is in no key and rendered afresh in the frame every time;
// - the loader data is hashed whole, so a price, stock or content change is a new key: nothing
//   has to be invalidated, and old entries simply age out of the LRU;
// - only GET answers with status 200, no action data and no errors are stored, and only when
//   the markup is complete (no Suspense boundary still pending when the shell was sent).
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { EntryContext } from 'react-router';
import type { MainFragmentStore } from '../../common/app-context';
import type { MainFragmentHandle } from './cached-main';

/** The opening tag root.tsx's Layout renders; the stored markup is what stands inside it. */
export const MAIN_OPEN = '<main id="main" class="flex-1">';
const MAIN_CLOSE = '</main>';
/** Says whether a page's <main> was stored markup (hit) or rendered and stored (miss). */
export const MAIN_FRAGMENT_HEADER = 'x-suki-main-fragment';

export type { MainFragmentStore };

/**
 * The store, bounded by bytes: the server makes one of MAIN_FRAGMENT_CACHE_MB and hands it to
 * every render in the load context (server/http/app.ts).
 */
export function createMainFragmentStore(maxBytes = 16 * 1024 * 1024): LRUCache<string, string[]> {
  // Strings are counted at two bytes a character (V8's worst case), with the key.
  return new LRUCache<string, string[]>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (parts, key) => 2 * (parts.reduce((n, p) => n + p.length, 0) + key.length) + 256 });
}

const defaultStore = createMainFragmentStore();

/** This request's entry: its key, and its markup with the request's nonce when stored. */
export type MainFragmentPlan = { key: string; html: string | null };

/**
 * The key of this page's <main>, and the markup if stored; null when the page may not use the
 * store (a route that did not opt in, a POST, an error, loader data that is not plain JSON).
 */
export function planMainFragment(
  request: Request,
  context: EntryContext,
  nonce: string,
  store: MainFragmentStore = defaultStore,
): MainFragmentPlan | null {
  const key = mainFragmentKey(request, context);
  if (key === null) return null;
  const parts = store.get(key);
  return { key, html: parts ? parts.join(nonce) : null };
}

export function mainFragmentKey(request: Request, context: EntryContext): string | null {
  const state = context.staticHandlerContext;
  if (request.method !== 'GET' || context.isSpaMode || state.statusCode !== 200 || state.actionData || state.errors) return null;
  const routeIds = state.matches.map((match) => match.route.id).filter((id) => id !== 'root');
  if (routeIds.length === 0) return null;
  const data: Record<string, unknown> = {};
  for (const id of routeIds) {
    const handle = context.routeModules[id]?.handle as MainFragmentHandle | undefined;
    if (!handle?.mainFromLoaderData) return null;
    data[id] = state.loaderData[id];
  }
  const digest = plainJsonDigest(data);
  if (digest === null) return null;
  const url = new URL(request.url);
  const signedIn = Boolean((state.loaderData.root as { viewer?: unknown } | undefined)?.viewer);
  return `${url.pathname}${url.search}|${signedIn ? 'signed-in' : 'visitor'}|${digest}`;
}

/**
 * SHA-256 of the value's JSON, or null when the value holds anything JSON would not show whole
 * (a promise of deferred data, a Map, a class instance): the key must cover all the render saw.
 */
export function plainJsonDigest(value: unknown): string | null {
  let plain = true;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'function' || typeof v === 'bigint' || typeof v === 'symbol') plain = false;
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) plain = false;
    }
    return v;
  });
  return plain && json !== undefined ? createHash('sha256').update(json).digest('base64url') : null;
}

/** What stands inside the page's one <main>, or null when it cannot be stored as it is. */
export function mainInnerHtml(html: string): string | null {
  const open = html.indexOf(MAIN_OPEN);
  if (open === -1 || html.indexOf('<main', open + 1) !== -1) return null;
  const start = open + MAIN_OPEN.length;
  const end = html.indexOf(MAIN_CLOSE, start);
  if (end === -1 || html.indexOf(MAIN_CLOSE, end + 1) !== -1) return null;
  const inner = html.slice(start, end);
  // A Suspense boundary pending (or failed) when the shell was sent gets its content after
  // </main>: the markup alone is not what the browser ends up hydrating.
  if (/<!--\$[?!]-->|<template\b/.test(inner)) return null;
  return inner;
}

/**
 * A pass-through for the rendered page that, once the page is complete, stores its <main>
 * markup under the key, cut at the render's nonce. `ok` is asked at the end: a render that
 * failed after the shell is not stored.
 */
export function captureMainFragment(
  key: string,
  nonce: string,
  ok: () => boolean,
  store: MainFragmentStore = defaultStore,
): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      const sliced = ok() ? mainInnerHtml(Buffer.concat(chunks).toString('utf8')) : null;
      // A copy: the slice would keep the whole page's text alive (a 112 KB string for a 25 KB
      // <main>: the heap snapshot found 544 stored entries holding 61 MB that way).
      const inner = sliced === null ? null : Buffer.from(sliced, 'utf8').toString('utf8');
      if (inner !== null) store.set(key, nonce ? inner.split(nonce) : [inner]);
      callback();
    },
  });
}
