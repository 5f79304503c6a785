// The personal parts of every storefront page: the header's viewer, cart panel and cart count,
// and on a product page its watchlist mark. The root loader asks the header's for a page
// rendered for a session, the product loader its mark; the front asks them all for the fill of
// a signed-in shopper's public page (server/http/personal-fill.ts). One function each, so both
// answer alike.
import type { AppLoadContext } from 'react-router';
import type { WatchlistMark } from '../../common/personal-fill';
import type { CartSummaryView } from '../components/checkout/types';
import { getCartSummary } from '../graphql/checkout-actions.server';
import { ProductWatchlistQuery } from '../graphql/catalogue-product';
import type { Viewer } from '../graphql/viewer';
import { getViewer, query } from './api.server';

export type PersonalParts = { viewer: Viewer | null; cart: CartSummaryView | null; cartCount: number; watchlist?: WatchlistMark };

/**
 * The header's parts, and with a product id (the fill of a product page) that product's mark for
 * a signed-in viewer: asked beside the cart, on the same client. A product that is not shown
 * (or a bad id, or a failed ask) gives no mark: the page keeps the visitor's until its loader
 * answers for the session.
 */
export async function personalParts(context: Pick<AppLoadContext, 'api'>, productId?: string): Promise<PersonalParts> {
  const viewer = await getViewer(context);
  if (!viewer) return { viewer, cart: null, cartCount: 0 };
  const [{ cart, cartCount }, mark] = await Promise.all([
    getCartSummary(context),
    productId ? watchlistMark(context, productId).catch(() => null) : null,
  ]);
  return mark === null || !productId ? { viewer, cart, cartCount } : { viewer, cart, cartCount, watchlist: { productId, isInWatchlist: mark } };
}

/** The signed-in viewer's mark on a product (asked only once a viewer is known); none for a product not shown. */
export async function watchlistMark(context: Pick<AppLoadContext, 'api'>, productId: string): Promise<boolean | null> {
  const { product } = await query(context, ProductWatchlistQuery, { id: productId });
  return product ? Boolean(product.isInWatchlist) : null;
}
