// Where the browser asks the personal parts of a signed-in shopper's public page after hydration
// (docs/decisions/055-signed-in-public-pages-are-the-visitors.md): answered by the front
// (server/http/personal-fill.ts) as JSON, shown over the root's data (app/lib/personal-fill.ts).
export const PERSONAL_FILL_PATH = '/_personal.json';

/**
 * On a product page the fill also asks that product's watchlist mark (`?product=<id>`): the
 * product's own loader data is kept during the fill, and the page shows this mark until its
 * loader next answers for the session.
 */
export type WatchlistMark = { productId: string; isInWatchlist: boolean };
