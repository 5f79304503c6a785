import { Link } from 'react-router';
import { priceView, productDisplayName, type PriceView } from '../../../common/catalogue/pricing';
import { DiscountBadge } from './PriceDisplay';
import { ProductImage } from './ProductImage';
import { hasRating, StarRating } from './StarRating';
import type { ProductCardData } from './types';

type CardProps = {
  product: ProductCardData;
  headingLevel?: 2 | 3 | 4;
  /** The shop search that found the product: the product page preselects the variant it names. */
  searchQuery?: string | null;
  /** In the first screen (the grid's first two rows on a phone): fetched with the page, not lazily. */
  eager?: boolean;
};

/**
 * Product card: thumbnail, discount badge, [PRE-ORDER] and brand prefix, price, stars, VIEW PRODUCT.
 * Compact on phones (two columns, three rows in the first screen of /shop): small type, each
 * price on one line, the rating in words until someone rates the product.
 */
export function ProductCard({ product, headingLevel = 3, searchQuery, eager = false }: CardProps) {
  const title = productDisplayName(product.name, product.brandName, product.isPreOrder);
  const view = priceView(product.pricing, true);
  const Heading = `h${headingLevel}` as const;
  const href = `/product/${encodeURIComponent(product.id)}${searchQuery ? `?query=${encodeURIComponent(searchQuery)}` : ''}`;
  return (
    <article className="@container relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-1.5 shadow-sm transition-shadow hover:border-gray-300 hover:shadow-md sm:p-3">
      <DiscountBadge percent={view.discountPercent} className="absolute left-1 top-1 z-10 sm:left-1.5 sm:top-1.5" />
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block rounded bg-gray-50">
        <ProductImage
          image={product.thumbnail}
          fallbackAlt={title}
          size={255}
          loading={eager ? 'eager' : 'lazy'}
          // High: Chrome otherwise holds low-priority images back while the page's scripts load.
          fetchPriority={eager ? 'high' : undefined}
          sizes="(min-width: 1024px) 255px, (min-width: 640px) 30vw, 45vw"
          // A wide box on phones (the square picture centred in it): three rows of cards fit
          // the first screen of /shop on a 390x844 phone.
          className="mx-auto aspect-video h-auto w-full mix-blend-multiply sm:aspect-square"
        />
      </Link>
      <Heading className="mt-1.5 line-clamp-2 min-h-8 text-xs leading-4 font-medium text-gray-900 sm:mt-2 sm:min-h-10 sm:text-sm sm:leading-5">
        <Link to={href} className="hover:text-secondary-dark">
          {title}
        </Link>
      </Heading>
      <div className="mt-1">
        <CardPrice view={view} />
      </div>
      <div className="mt-1 mb-1.5 sm:mb-2">
        <CardRating rating={product.rating} />
      </div>
      <Link
        to={href}
        className="btn-secondary mt-auto w-full rounded px-2 py-1 text-xs whitespace-nowrap sm:rounded-md sm:px-4 sm:py-2 sm:text-sm"
        aria-label={`View product ${title}`}
      >
        VIEW PRODUCT
      </Link>
    </article>
  );
}

/**
 * A card's price in whole pesos where it has no centavos, never broken over two lines: its size
 * follows the card's width (a container query unit) and the price's length, so a long range
 * with centavos ('₱50,590.80 - ₱56,110.80') still fits a two-column phone card.
 */
function CardPrice({ view }: { view: PriceView }) {
  if (!view.price) return null;
  // About 0.62 em a character in a bold sans: the size that fits the card's width, at most 16 px.
  const fit = (text: string, max: number) => ({ fontSize: `clamp(10px, ${(160 / text.length).toFixed(1)}cqi, ${max}px)` });
  return (
    <p className="leading-tight">
      <span className="block whitespace-nowrap font-bold text-amber-800" style={fit(view.price, 16)}>
        {view.price}
      </span>
      {view.undiscounted ? (
        <s className="block whitespace-nowrap text-gray-600" style={fit(view.undiscounted, 12)}>
          <span className="sr-only">Was </span>
          {view.undiscounted}
        </s>
      ) : null}
    </p>
  );
}

/**
 * A card's rating line: small stars with the value beside them ('4.5'), or 'No reviews yet'
 * when nobody has rated the product. One line either way, so every card keeps its height.
 */
export function CardRating({ rating }: { rating: number | null | undefined }) {
  if (!hasRating(rating)) return <span className="block text-[11px] leading-4 text-gray-600 sm:text-xs">No reviews yet</span>;
  return (
    <span className="flex items-center gap-1 leading-4">
      <StarRating rating={rating} size={12} />
      <span aria-hidden="true" className="text-[11px] font-semibold text-gray-700 sm:text-xs">
        {Math.min(5, rating).toFixed(1)}
      </span>
    </span>
  );
}

/** Cards whose pictures are in a phone's first screen (three rows of two): lazy loading waited for layout. */
const EAGER_CARDS = 6;

/** Columns of a grid of cards: the whole width, or beside the shop's filters (from md). */
export const CARD_COLUMNS = {
  full: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
  sidebar: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
} as const;

export function ProductGrid({
  products,
  searchQuery,
  columns = 'full',
  eagerCards = EAGER_CARDS,
}: {
  products: ProductCardData[];
  searchQuery?: string | null;
  columns?: keyof typeof CARD_COLUMNS;
  /**
   * How many of the first cards are in the first screen (fetched eagerly, at high priority).
   * 0 for a grid below the fold: its pictures would otherwise compete with the page's own
   * largest picture (the product page's related cards did, at high priority).
   */
  eagerCards?: number;
}) {
  return (
    <ul className={`grid gap-2 sm:gap-3 ${CARD_COLUMNS[columns]}`}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} searchQuery={searchQuery} eager={i < eagerCards} />
        </li>
      ))}
    </ul>
  );
}
