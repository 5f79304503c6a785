// Watchlist operations of the product page and /account/watchlist (docs/product/catalogue.md#watchlist).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import type { ProductCardData } from '../components/catalogue/types';
import { PRODUCT_CARD_FIELDS, toCard } from './catalogue';

/** docs/product/limits.md#fetch-sizes: the watchlist asks for 99. */
export const WATCHLIST_SIZE = 99;

export type WatchlistEntry = { id: string; product: ProductCardData };

export const WatchlistQuery = operation<G.WatchlistQuery, G.WatchlistQueryVariables>(/* GraphQL */ `
  query Watchlist($first: Int!) {
    me {
      watchlist(first: $first) {
        totalCount
        edges { node { id product { ...ProductCardFields } } }
      }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`);

export function toWatchlist(data: G.WatchlistQuery): WatchlistEntry[] {
  // An entry whose product was deleted has none to show.
  return (data.me?.watchlist?.edges ?? []).flatMap(({ node }) => (node.product ? [{ id: node.id, product: toCard(node.product) }] : []));
}

export const AddToWatchlistMutation = operation<G.AddToWatchlistMutation, G.AddToWatchlistMutationVariables>(/* GraphQL */ `
  mutation AddToWatchlist($productId: ID!) {
    addToWatchlist(productId: $productId) { watchlist { id } errors { field message } }
  }
`);

export const RemoveFromWatchlistMutation = operation<G.RemoveFromWatchlistMutation, G.RemoveFromWatchlistMutationVariables>(/* GraphQL */ `
  mutation RemoveFromWatchlist($watchlistId: ID, $productId: ID) {
    removeFromWatchlist(watchlistId: $watchlistId, productId: $productId) { watchlist { id } errors { field message } }
  }
`);
