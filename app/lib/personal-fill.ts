// A signed-in shopper's public page is the visitors' stored page (docs/decisions/055): the
// server renders nothing personal for it. The front sends the page with a cookie that says only
// that a session cookie came with the request (server/http/page-cache.ts, SIGNED_IN_HINT); once
// hydrated, the page asks the front's small JSON (PERSONAL_FILL_PATH) for the session's own
// parts (the header's viewer, cart and count; on a product page its watchlist mark) and shows
// them over the root's visitor data (useRootData) until the root loader next answers, as after
// any action. No loader runs for the fill, so the routes keep their data, and the root has no
// clientLoader: one would make React Router ask the root's data in a request of its own after
// every action.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useParams, useRevalidator, useRouteLoaderData } from 'react-router';
import { PERSONAL_FILL_PATH, type WatchlistMark } from '../../common/personal-fill';
import type { loader as rootLoader } from '../root';

const HINT = /(?:^|;)\s*signed_in=1(?:;|$)/;
type LoadedRoot = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;
/** The root's data as the page shows it: the loader's, with the fill's parts while they apply. */
export type RootData = LoadedRoot & { watchlist?: WatchlistMark };

/** The fill's answer and the root data it completes (it applies while that data is the root's). */
type Fill = { base: LoadedRoot; parts: Partial<RootData> };
let fill: Fill | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function setFill(next: Fill) {
  fill = next;
  for (const listener of listeners) listener();
}

/**
 * The root's data for any part of the page: the root loader's, with the fill's personal parts
 * over it until the loader answers again (a new answer is the session's own: after an action, or
 * a navigation that asks the root).
 */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<typeof rootLoader>('root');
  const current = useSyncExternalStore(subscribe, () => fill, () => null);
  return useMemo(() => (current && loaded && current.base === loaded ? { ...loaded, ...current.parts } : loaded), [current, loaded]);
}

/**
 * Whether the page may belong to a session whose fill has not landed: the hint came and the
 * fill is not on the screen yet. A click that needs a session then asks the server, which
 * knows, instead of prompting a visitor to sign in. Called from event handlers only.
 */
export const fillPending = () => /^(pending|filling)$/.test(document.documentElement.dataset.personalFill ?? '');

/**
 * Run in the head before the first paint: with the hint, `<html>` is marked 'pending' so the
 * visitor-only header links (data-visitor-only: Sign Up, Login) stay hidden until the fill says
 * whose page it is, instead of flashing at a signed-in shopper (app.css; revealed after a few
 * seconds by CSS alone should the script never run).
 */
export const PENDING_FILL_SCRIPT = `if(${HINT.toString()}.test(document.cookie))document.documentElement.dataset.personalFill='pending'`;

/** Whether the page was served as a visitor's to a browser that sent a session cookie. */
export function servedAsVisitorToSession(signedIn: boolean): boolean {
  return !signedIn && typeof document !== 'undefined' && HINT.test(document.cookie);
}

const markFill = (state: string) => (document.documentElement.dataset.personalFill = state);

/**
 * Once after hydration: the personal parts of a visitor's page served to a session. `<html>`'s
 * data-personal-fill says 'done' once they are on the screen (at once when there was nothing to
 * fill), for the browser journeys to wait on and for app.css to show the visitor-only links.
 * Should the JSON fail, the root loader is asked instead (its own `.data` request).
 */
export function usePersonalFill(): void {
  const loaded = useRouteLoaderData<typeof rootLoader>('root');
  const shown = useRootData();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const { id } = useParams();
  // The root's data the fill replaces, while it is being asked.
  const replacing = useRef<{ data: unknown } | null>(null);
  useEffect(() => {
    // `shown`, not `loaded`: an error boundary mounted after the fill landed has nothing to fill.
    if (!loaded || !servedAsVisitorToSession(Boolean(shown?.viewer))) return void markFill('done');
    replacing.current = { data: shown };
    markFill('filling');
    const product = /^\/product\//.test(pathname) && id ? `?product=${encodeURIComponent(id)}` : '';
    fetch(PERSONAL_FILL_PATH + product, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<Partial<RootData>>) : Promise.reject(new Error(`${response.status}`))))
      .then(
        (parts) => setFill({ base: loaded, parts }),
        () =>
          revalidator.revalidate().catch(() => {
            // Nothing new will be committed: the visitor's page stays as it is.
            replacing.current = null;
            markFill('done');
          }),
      );
    // Only the document's first render: later pages get their data with the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    // Committed: the fill's parts, or a new answer of the root loader (an action's, or the fallback).
    if (replacing.current && replacing.current.data !== shown) {
      replacing.current = null;
      markFill('done');
    }
  }, [shown]);
}
