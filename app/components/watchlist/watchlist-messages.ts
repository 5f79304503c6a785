// The watchlist's texts (docs/product/catalogue.md#watchlist) and the answer of the
// watchlist actions.
export const WATCHLIST_TEXT = {
  add: 'ADD TO WATCHLIST',
  remove: 'REMOVE FROM WATCHLIST',
  empty: 'No products to see here',
  continueShopping: 'Continue Shopping',
  viewProduct: 'View Product',
  removeEntry: 'Remove',
  // Visitors are prompted to sign up or log in (docs/product/catalogue.md#watchlist); the API's own words.
  login: 'Please signup/login to continue.',
  generic: 'Error',
} as const;

export type WatchlistIntent = 'addToWatchlist' | 'removeFromWatchlist';

export type WatchlistActionResult = { intent: string; ok: boolean; message: string; reason?: 'login' };
