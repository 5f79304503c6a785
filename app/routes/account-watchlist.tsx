// /account/watchlist (docs/product/catalogue.md#watchlist): the watched products as cards, newest
// first, each with View Product and Remove; 'No products to see here' with Continue Shopping.
import { Link } from 'react-router';
import type { Route } from './+types/account-watchlist';
import { EmptyState } from '../components/layout/EmptyState';
import { WatchlistCard } from '../components/watchlist/WatchlistCard';
import { watchlistAction } from '../components/watchlist/watchlist-actions.server';
import { WATCHLIST_TEXT } from '../components/watchlist/watchlist-messages';
import { toWatchlist, WATCHLIST_SIZE, WatchlistQuery } from '../graphql/watchlist';
import { query } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Watchlist | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  // The account layout's loader sends visitors to /.
  return { entries: toWatchlist(await query(context, WatchlistQuery, { first: WATCHLIST_SIZE })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return watchlistAction(request, context);
}

export default function AccountWatchlist({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <section aria-labelledby="watchlist-title" className="space-y-4">
      <h1 id="watchlist-title" className="text-2xl font-bold">
        Watchlist
      </h1>
      {entries.length === 0 ? (
        <div className="rounded-lg border border-gray-200">
          <EmptyState
            title={WATCHLIST_TEXT.empty}
            action={
              <Link to="/shop" className="btn-primary">
                {WATCHLIST_TEXT.continueShopping}
              </Link>
            }
          >
            Use ADD TO WATCHLIST on a product to keep it here; we email you when a sold-out one is back in stock.
          </EmptyState>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {entries.map((entry) => (
            <li key={entry.id}>
              <WatchlistCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
