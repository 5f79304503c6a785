// A watched product (docs/product/catalogue.md#watchlist): image, name, price or range, View Product
// and Remove. Remove posts to the watchlist page's action; it works without JavaScript.
import { Link, useFetcher } from 'react-router';
import { productDisplayName } from '../../../common/catalogue/pricing';
import type { WatchlistEntry } from '../../graphql/watchlist';
import { PriceDisplay } from '../catalogue/PriceDisplay';
import { ProductImage } from '../catalogue/ProductImage';
import { WATCHLIST_TEXT, type WatchlistActionResult } from './watchlist-messages';

export function WatchlistCard({ entry }: { entry: WatchlistEntry }) {
  const fetcher = useFetcher<WatchlistActionResult>();
  const { product } = entry;
  const title = productDisplayName(product.name, product.brandName, product.isPreOrder);
  const href = `/product/${encodeURIComponent(product.id)}`;
  const removing = fetcher.state !== 'idle';
  return (
    <article
      aria-label={title}
      className={`flex h-full flex-col rounded-lg border border-gray-200 bg-white p-3 shadow-sm ${removing ? 'opacity-60' : ''}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        <ProductImage
          image={product.thumbnail}
          fallbackAlt={title}
          size={255}
          sizes="(min-width: 1024px) 255px, (min-width: 640px) 30vw, 45vw"
          className="mx-auto aspect-square h-auto w-full"
        />
      </Link>
      <h2 className="mt-2 line-clamp-2 min-h-10 text-sm font-semibold">
        <Link to={href} className="hover:text-secondary-dark">
          {title}
        </Link>
      </h2>
      <div className="mt-1">
        <PriceDisplay pricing={product.pricing} />
      </div>
      <div className="mt-auto flex flex-col gap-2 pt-3">
        <Link to={href} className="btn-secondary w-full" aria-label={`${WATCHLIST_TEXT.viewProduct}: ${title}`}>
          {WATCHLIST_TEXT.viewProduct}
        </Link>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="removeFromWatchlist" />
          <input type="hidden" name="watchlistId" value={entry.id} />
          <button
            type="submit"
            className="btn-outline w-full"
            disabled={removing}
            aria-label={`${WATCHLIST_TEXT.removeEntry}: ${title}`}
          >
            {WATCHLIST_TEXT.removeEntry}
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}
