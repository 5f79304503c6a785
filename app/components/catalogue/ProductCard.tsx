import { Link } from 'react-router';
import { priceView, productDisplayName } from '../../../common/catalogue/pricing';
import { DiscountBadge, PriceDisplay } from './PriceDisplay';
import { ProductImage } from './ProductImage';
import { StarRating } from './StarRating';
import type { ProductCardData } from './types';

type CardProps = {
  product: ProductCardData;
  headingLevel?: 2 | 3 | 4;
  /** The shop search that found the product: the product page preselects the variant it names. */
  searchQuery?: string | null;
};

/** Product card: thumbnail, discount badge, [PRE-ORDER] and brand prefix, price, stars, VIEW PRODUCT. */
export function ProductCard({ product, headingLevel = 3, searchQuery }: CardProps) {
  const title = productDisplayName(product.name, product.brandName, product.isPreOrder);
  const view = priceView(product.pricing);
  const Heading = `h${headingLevel}` as const;
  const href = `/product/${encodeURIComponent(product.id)}${searchQuery ? `?query=${encodeURIComponent(searchQuery)}` : ''}`;
  return (
    <article className="relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md">
      <DiscountBadge percent={view.discountPercent} className="absolute left-2 top-2 z-10" />
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        <ProductImage
          image={product.thumbnail}
          fallbackAlt={title}
          size={255}
          sizes="(min-width: 1024px) 255px, (min-width: 640px) 30vw, 45vw"
          className="mx-auto aspect-square h-auto w-full"
        />
      </Link>
      <Heading className="mt-2 line-clamp-2 min-h-10 text-sm font-semibold">
        <Link to={href} className="hover:text-secondary-dark">
          {title}
        </Link>
      </Heading>
      <div className="mt-1">
        <PriceDisplay pricing={product.pricing} />
      </div>
      <div className="mt-1">
        <StarRating rating={product.rating} small />
      </div>
      <Link to={href} className="btn-secondary mt-auto w-full" aria-label={`View product ${title}`}>
        VIEW PRODUCT
      </Link>
    </article>
  );
}

export function ProductGrid({ products, searchQuery }: { products: ProductCardData[]; searchQuery?: string | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} searchQuery={searchQuery} />
        </li>
      ))}
    </ul>
  );
}
