// Whether this browser has accepted the cookie notice: the root loader reads the cookie on the
// server; "I Understand" flips it here without a reload, so overlays waiting for the notice to
// go away (the home announcement, docs/decisions/019-storefront-craft.md) open at once.
import { useRouteLoaderData } from 'react-router';
import { useSyncExternalStore } from 'react';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS } from '../../common/shop-info';
import { writeBrowserCookie } from './cookies';

let acceptedHere = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function acceptCookies(): void {
  writeBrowserCookie(COOKIE_CONSENT_COOKIE, '1', COOKIE_CONSENT_DAYS);
  acceptedHere = true;
  for (const listener of listeners) listener();
}

/** True once the visitor has accepted the cookie notice (before this visit or during it). */
export function useCookieConsent(): boolean {
  const root = useRouteLoaderData('root') as { cookieConsent?: boolean } | undefined;
  const here = useSyncExternalStore(
    subscribe,
    () => acceptedHere,
    () => false,
  );
  return Boolean(root?.cookieConsent) || here;
}
