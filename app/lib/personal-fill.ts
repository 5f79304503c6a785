// A signed-in shopper's public page is the visitors' stored page (docs/decisions/055): the
// server renders nothing personal for it. The front sends the page with a cookie that says only
// that a session cookie came with the request (server/http/page-cache.ts, SIGNED_IN_HINT); once
// hydrated, the page asks its loaders again, as after any action, and the session's own answers
// (the root's viewer, cart and count, the product page's watchlist mark) replace the visitor's.
// Routes whose data holds nothing personal keep theirs (shouldRevalidateUnlessFilling), so the
// fill of `/` or /shop asks the root's loader alone.
import { useEffect, useRef } from 'react';
import { useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';

const HINT = /(?:^|;)\s*signed_in=1(?:;|$)/;
let filling = false;

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
 * `rootData` is the root loader's answer: a new one, committed, means the fill is rendered (the
 * revalidation's promise may settle before React commits its transition, or after).
 */
export function usePersonalFill(signedIn: boolean, rootData: unknown): void {
  const revalidator = useRevalidator();
  // The root's answer the fill replaces, while it is being asked.
  const replacing = useRef<{ data: unknown } | null>(null);
  useEffect(() => {
    if (!servedAsVisitorToSession(signedIn)) return void markFill('done');
    filling = true;
    replacing.current = { data: rootData };
    markFill('filling');
    revalidator.revalidate().then(
      () => (filling = false),
      () => {
        // Nothing new will be committed: the visitor's page stays as it is.
        filling = false;
        replacing.current = null;
        markFill('done');
      },
    );
    // Only the document's first render: later pages get their data with the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (replacing.current && replacing.current.data !== rootData) {
      replacing.current = null;
      markFill('done');
    }
  }, [rootData]);
}

/**
 * A route's shouldRevalidate when its loader's data is the same for a visitor and a signed-in
 * shopper: kept during the fill (same address), asked again as usual otherwise.
 */
export function shouldRevalidateUnlessFilling({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return filling && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}
