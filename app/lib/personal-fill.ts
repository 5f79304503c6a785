// A signed-in shopper's public page is the visitors' stored page (docs/decisions/055): the
// server renders nothing personal for it. The front sends the page with a cookie that says only
// that a session cookie came with the request (server/http/page-cache.ts, SIGNED_IN_HINT); once
// hydrated, the page asks its loaders again, as after any action, and the session's own answers
// (the root's viewer, cart and count, the product page's watchlist mark) replace the visitor's.
// Routes whose data holds nothing personal keep theirs (shouldRevalidateUnlessFilling), so the
// fill of `/` or /shop asks the root's loader alone.
import { useEffect } from 'react';
import { useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';

const HINT = /(?:^|;)\s*signed_in=1(?:;|$)/;
let filling = false;

/** Whether the page was served as a visitor's to a browser that sent a session cookie. */
export function servedAsVisitorToSession(signedIn: boolean): boolean {
  return !signedIn && typeof document !== 'undefined' && HINT.test(document.cookie);
}

/**
 * Once after hydration: the personal parts of a visitor's page served to a session. `<html>`'s
 * data-personal-fill says 'done' once they are in (at once when there was nothing to fill), for
 * the browser journeys to wait on.
 */
export function usePersonalFill(signedIn: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const mark = (state: string) => (document.documentElement.dataset.personalFill = state);
    if (!servedAsVisitorToSession(signedIn)) return void mark('done');
    filling = true;
    mark('filling');
    void revalidator.revalidate().finally(() => {
      filling = false;
      mark('done');
    });
    // Only the document's first render: later pages get their data with the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A route's shouldRevalidate when its loader's data is the same for a visitor and a signed-in
 * shopper: kept during the fill (same address), asked again as usual otherwise.
 */
export function shouldRevalidateUnlessFilling({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return filling && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}
