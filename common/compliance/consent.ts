// Consents the shop records (docs/decisions/054-privacy-rights.md): what each is for and the
// version of the text agreed to. A change to the cookie notice's wording that changes what a
// visitor agrees to gets a new version, so each record says which text was accepted.
export const CONSENT_PURPOSES = ['COOKIES'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The cookie notice's text as shown by app/components/layout/CookieBanner.tsx. */
export const COOKIE_NOTICE_VERSION = '2026-11-27';

/** Where a visitor's browser keeps its random consent id (localStorage, not a cookie: stored pages stay shared). */
export const VISITOR_ID_STORAGE_KEY = 'suki_visitor_id';

/** A visitor's random id: a UUID the browser made. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
