// Watchlist operations of the product page and /account/watchlist (spec 2, 7.2 and 7.4).
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';
import type { ProductCardData } from '../components/catalogue/types';
import { PRODUCT_CARD_FIELDS, toCard, type GqlProductCard } from './catalogue';

/** Spec 2, fetch sizes: the watchlist asks for 99. */
export const WATCHLIST_SIZE = 99;

export type WatchlistEntry = { id: string; product: ProductCardData };

type GqlEntry = { id: string; product: GqlProductCard };

type WatchlistData = { me: { watchlist: { totalCount: number; edges: { node: GqlEntry }[] } | null } | null };

export const WatchlistQuery = operation<WatchlistData, { first: number }>(/* GraphQL */ `
  query Watchlist($first: Int!) {
    me {
      watchlist(first: $first) {
        totalCount
        edges { node { id product { ${PRODUCT_CARD_FIELDS} } } }
      }
    }
  }
`);

export function toWatchlist(data: WatchlistData): WatchlistEntry[] {
  return (data.me?.watchlist?.edges ?? []).map(({ node }) => ({ id: node.id, product: toCard(node.product) }));
}

type WatchlistPayload = { watchlist: { id: string } | null; errors: FieldError[] | null } | null;

export const AddToWatchlistMutation = operation<{ addToWatchlist: WatchlistPayload }, { productId: string }>(/* GraphQL */ `
  mutation AddToWatchlist($productId: ID!) {
    addToWatchlist(productId: $productId) { watchlist { id } errors { field message } }
  }
`);

export const RemoveFromWatchlistMutation = operation<
  { removeFromWatchlist: WatchlistPayload },
  { watchlistId?: string | null; productId?: string | null }
>(/* GraphQL */ `
  mutation RemoveFromWatchlist($watchlistId: ID, $productId: ID) {
    removeFromWatchlist(watchlistId: $watchlistId, productId: $productId) { watchlist { id } errors { field message } }
  }
`);
