// Whether this browser has accepted the cookie notice: the root loader reads the cookie on the
// server; "I Understand" flips it here without a reload, so overlays waiting for the notice to
// go away (the home announcement, docs/decisions/019-storefront-craft.md) open at once. The
// consent is recorded by the shop with the notice's version (POST /consent).
import { useSyncExternalStore } from 'react';
import { COOKIE_NOTICE_VERSION, VISITOR_ID_STORAGE_KEY } from '../../common/compliance/consent';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS } from '../../common/shop-info';
import { useRootData } from './personal-fill';
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
  void recordConsent();
}

/**
 * This browser's random id for its consent records (docs/decisions/054-privacy-rights.md): kept
 * in localStorage, not in a cookie, so visitors' pages stay shared in the page cache.
 */
function visitorId(): string | null {
  try {
    let id = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_ID_STORAGE_KEY, id);
    }
    return id;
  } catch {
    // Storage or randomUUID unavailable (private mode, an insecure origin): a signed-in user is still recorded.
    return null;
  }
}

/** The consent with the notice's version, recorded by the shop (for the visitor's id and the signed-in user). */
function recordConsent(): Promise<unknown> {
  const body = new URLSearchParams({ version: COOKIE_NOTICE_VERSION });
  const id = visitorId();
  if (id) body.set('visitorId', id);
  return fetch('/consent', { method: 'POST', body, credentials: 'same-origin' }).catch(() => undefined);
}

/** True once the visitor has accepted the cookie notice (before this visit or during it). */
export function useCookieConsent(): boolean {
  const root = useRootData();
  const here = useSyncExternalStore(
    subscribe,
    () => acceptedHere,
    () => false,
  );
  return Boolean(root?.cookieConsent) || here;
}
