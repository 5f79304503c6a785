// The action behind every watchlist form (the product page's toggle, the watchlist page's
// Remove): it switches on an intent and calls the API, which checks the session and ownership.
import { data, type AppLoadContext } from 'react-router';
import { AddToWatchlistMutation, RemoveFromWatchlistMutation } from '../../graphql/watchlist';
import { getViewer, query } from '../../lib/api.server';
import { WATCHLIST_TEXT, type WatchlistActionResult } from './watchlist-messages';

export async function watchlistAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const productId = String(form.get('productId') ?? '') || null;
  const watchlistId = String(form.get('watchlistId') ?? '') || null;
  const reply = (ok: boolean, message = '', extra: Partial<WatchlistActionResult> = {}) =>
    data<WatchlistActionResult>({ intent, ok, message, ...extra });

  if (intent !== 'addToWatchlist' && intent !== 'removeFromWatchlist') return reply(false, WATCHLIST_TEXT.generic);
  if (!(await getViewer(context))) return reply(false, WATCHLIST_TEXT.login, { reason: 'login' });

  if (intent === 'addToWatchlist') {
    if (!productId) return reply(false, WATCHLIST_TEXT.generic);
    const payload = (await query(context, AddToWatchlistMutation, { productId })).addToWatchlist;
    const error = payload?.errors?.[0]?.message;
    return error || !payload?.watchlist ? reply(false, error ?? WATCHLIST_TEXT.generic) : reply(true);
  }

  const payload = (await query(context, RemoveFromWatchlistMutation, watchlistId ? { watchlistId } : { productId }))
    .removeFromWatchlist;
  const error = payload?.errors?.[0]?.message;
  if (error || !payload?.watchlist) {
    // docs/product/catalogue.md#watchlist: watchlist removal errors are logged only.
    console.warn(`watchlist removal failed (request ${context.requestId}): ${error ?? 'no answer'}`);
    return reply(false, '');
  }
  return reply(true);
}
