import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import { useRootData } from '../lib/personal-fill';
import { productDisplayName, type PricingInput } from '../../common/catalogue/pricing';
import { needsAgeGate, voucherAmountKeystroke, checkVoucherAmount, type QuantityInput as Q } from '../../common/catalogue/product-rules';
import { initialSelection, resolveVariant, type PickerVariant } from '../../common/catalogue/variant-selection';
import { AddToCart } from '../components/catalogue/AddToCart';
import { Breadcrumbs, type Crumb } from '../components/catalogue/Breadcrumbs';
import { galleryImages } from '../components/catalogue/gallery-images';
import { ImageCarousel } from '../components/catalogue/ImageCarousel';
import { JsonLd } from '../components/catalogue/JsonLd';
import { DiscountBadge, PriceDisplay } from '../components/catalogue/PriceDisplay';
import { QuantityInput } from '../components/catalogue/QuantityInput';
import { hasRating, StarRating } from '../components/catalogue/StarRating';
import { TrustStrip } from '../components/layout/TrustStrip';
import { VariantPicker } from '../components/catalogue/VariantPicker';
import { WatchlistButton } from '../components/catalogue/WatchlistButton';
import { watchlistAction } from '../components/watchlist/watchlist-actions.server';
import { absoluteUrl, plainText, seoMeta } from '../components/catalogue/seo';
import { priceView } from '../../common/catalogue/pricing';
import { toCard, toImage, toPricing } from '../graphql/catalogue';
import { ProductQuery, ProductReviewsQuery, type GqlProduct, type GqlVariant } from '../graphql/catalogue-product';
import type { MainFragmentHandle } from '../lib/cached-main';
import { getViewer, notFound, query } from '../lib/api.server';
import { watchlistMark } from '../lib/personal-parts.server';
import { pickLimit } from '../../common/catalogue/stock';
import { TIRE_DELIVERY_NOTICE, TIRE_INSTALLATION_NOTICE } from '../../common/catalogue/tire-search';

// Below the first screen, so they load after the page's own code (the 150 KB first load): the
// reviews mount only when their tab opens; related products stream in under the description.
const ReviewsList = lazy(() => import('../components/catalogue/ReviewsList').then((m) => ({ default: m.ReviewsList })));
const ProductGrid = lazy(() => import('../components/catalogue/ProductCard').then((m) => ({ default: m.ProductGrid })));
// The calculators' code loads after the page's (at most 150 KB of JavaScript on a first
// load); until it arrives the server-rendered boxes, with their placeholders, stay as they are.
const InstallmentWidgets = lazy(() =>
  import('../components/catalogue/InstallmentWidgets').then((m) => ({ default: m.InstallmentWidgets })),
);
// Below the buy box: its copy button's code loads after the page's (the server's links work before).
const ShareButtons = lazy(() => import('../components/catalogue/ShareButtons').then((m) => ({ default: m.ShareButtons })));
// Only spirits ask for it, in a dialog drawn after the page is up: not in the product page's first load.
const AgeGateDialog = lazy(() => import('../components/catalogue/AgeGateDialog').then((m) => ({ default: m.AgeGateDialog })));

// <main> is a function of the loader data, the URL and whether someone is signed in: it may be
// stored and served again to the next shopper with the same (ADR 028).
export const handle: MainFragmentHandle = { mainFromLoaderData: true };

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data || data.mode !== 'page') return [{ title: 'Product | Suki' }];
  const p = data.product;
  return seoMeta({
    title: p.seoTitle || p.name || '',
    description: p.seoDescription || plainText(p.description) || p.name || '',
    url: data.canonical,
    image: absoluteUrl(data.publicUrl, p.images?.[0]?.url),
    type: 'product',
  });
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reviewsAfter = url.searchParams.get('reviewsAfter');
  if (reviewsAfter) {
    // Load More on the Reviews tab fetches only the next page.
    const data = await query(context, ProductReviewsQuery, { id: params.id, after: reviewsAfter });
    return { mode: 'reviews' as const, reviews: data.product?.reviews ?? null };
  }
  const [data, isInWatchlist] = await Promise.all([
    query(context, ProductQuery, { id: params.id }),
    isWatched(context, params.id),
  ]);
  if (!data.product) notFound();
  return {
    mode: 'page' as const,
    product: data.product,
    isInWatchlist,
    related: (data.relatedProducts ?? []).map(toCard),
    canonical: `${context.publicUrl}/product/${encodeURIComponent(data.product.id)}`,
    publicUrl: context.publicUrl,
  };
}

/**
 * The signed-in viewer's watchlist mark; a visitor's page has none (null, and asks nothing): served
 * to a session, it shows the fill's mark instead.
 */
async function isWatched(context: Route.LoaderArgs['context'], id: string): Promise<boolean | null> {
  if (!(await getViewer(context))) return null;
  return (await watchlistMark(context, id)) ?? false;
}

// ADD TO WATCHLIST / REMOVE FROM WATCHLIST post here.
export async function action({ request, context }: Route.ActionArgs) {
  return watchlistAction(request, context);
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode !== 'page') return null;
  return (
    <ProductPage
      key={loaderData.product.id}
      product={loaderData.product}
      isInWatchlist={loaderData.isInWatchlist}
      related={loaderData.related}
      canonical={loaderData.canonical}
      publicUrl={loaderData.publicUrl}
    />
  );
}

function toPicker(v: GqlVariant): PickerVariant & { gql: GqlVariant } {
  return {
    id: v.id,
    name: v.name ?? '',
    color: v.options?.color ?? null,
    memory: v.options?.memory ?? null,
    coverWarranty: v.options?.coverWarranty != null ? String(v.options.coverWarranty) : null,
    gql: v,
  };
}

function variantPricing(v: GqlVariant): PricingInput | null {
  const price = v.pricing?.price?.gross?.amount;
  const undiscounted = v.pricing?.priceUndiscounted?.gross?.amount;
  if (!v.pricing || price == null || undiscounted == null) return null;
  return {
    onSale: v.pricing.onSale,
    discount: v.pricing.discount?.gross?.amount ?? null,
    priceRange: { start: price, stop: price },
    priceRangeUndiscounted: { start: undiscounted, stop: undiscounted },
  };
}

type PageProps = {
  product: GqlProduct;
  /** Null in a visitor's data. */
  isInWatchlist: boolean | null;
  related: ReturnType<typeof toCard>[];
  canonical: string;
  publicUrl: string;
};

function ProductPage({ product, isInWatchlist, related, canonical, publicUrl }: PageProps) {
  const root = useRootData();
  const [params] = useSearchParams();
  const variants = useMemo(() => (product.variants ?? []).map(toPicker), [product.variants]);
  const categoryName =
    [product.category?.name, product.category?.parent?.name].find((n) => n && /^(mobile phones|tablets)$/i.test(n)) ??
    product.category?.name;
  const [selection, setSelection] = useState(() =>
    initialSelection(variants, { variantId: params.get('variant'), searchQuery: params.get('query'), categoryName }),
  );
  const [quantity, setQuantity] = useState<Q>(1);
  const [customAmount, setCustomAmount] = useState('');

  const variant = resolveVariant(variants, selection);
  const pricing = variant ? variantPricing(variant.gql) : toPricing(product.pricing);
  const title = productDisplayName(product.name ?? '', product.brand?.name, product.isPreOrder ?? undefined);
  const isVoucher = /voucher/i.test(product.productType?.name ?? '');
  const ageGate =
    Boolean(product.productType?.isAgeRestricted) ||
    needsAgeGate([product.category?.name, product.category?.parent?.name, product.productType?.name]);
  // The chosen colour's pictures lead as soon as a colour is picked, before memory or warranty.
  const shown = variant ?? (selection.color ? variants.find((v) => v.color === selection.color) : undefined);
  const images = galleryImages(
    (product.images ?? []).flatMap((i) => toImage(i) ?? []),
    (shown?.gql.images ?? []).flatMap((i) => toImage(i) ?? []),
  );
  const view = priceView(pricing);
  const voucherCheck = isVoucher ? checkVoucherAmount(customAmount) : null;
  // A voucher is bought at the typed amount: any of its variants serves as the base the API
  // prices at that amount, so no denomination has to be picked first.
  const cartVariant = variant ?? (isVoucher ? variants[0] : undefined);
  const installmentPrice = pricing?.priceRange?.start ?? 0;

  const crumbs: Crumb[] = [{ label: 'Shop', to: '/shop' }];
  if (product.category) crumbs.push({ label: product.category.name ?? '', to: `/shop/category/${encodeURIComponent(product.category.id)}` });
  if (product.brand) crumbs.push({ label: product.brand.name ?? '', to: `/shop/brand/${encodeURIComponent(product.brand.id)}` });
  crumbs.push({ label: product.name ?? '' });

  return (
    <div className="container-page py-3 md:py-6">
      {ageGate ? (
        <Suspense fallback={null}>
          <AgeGateDialog />
        </Suspense>
      ) : null}
      <JsonLd data={productJsonLd(product, canonical, publicUrl)} />
      <Breadcrumbs items={crumbs} className="text-xs md:text-sm" />

      <div className="mt-3 grid gap-6 md:mt-4 md:grid-cols-2 md:gap-8">
        <div className="min-w-0">
          <ImageCarousel key={shown?.color ?? 'all'} images={images} productName={title} />
        </div>

        <div className="min-w-0 space-y-4">
          <div>
            <h1 className="text-xl font-bold sm:text-3xl">{title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              {/* Never five grey stars for a product nobody has rated yet: they read as zero. */}
              {product.reviewCount && hasRating(product.totalRating) ? (
                <>
                  <StarRating rating={product.totalRating} />
                  <span className="text-sm text-gray-700">
                    <span className="font-semibold text-gray-900">{Math.min(5, product.totalRating).toFixed(1)}</span>
                    {' · '}
                    {product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'}
                  </span>
                </>
              ) : (
                <span className="text-sm text-gray-600">No reviews yet</span>
              )}
              <DiscountBadge percent={view.discountPercent} />
            </div>
          </div>
          <PriceDisplay pricing={pricing} large />
          <ul className="flex flex-wrap gap-2 text-xs font-semibold">
            {product.isFreeShippingFee ? <li className="rounded bg-secondary-light px-2 py-1 text-secondary-dark">Free shipping</li> : null}
            {product.isPreOrder ? <li className="rounded bg-primary-light px-2 py-1 text-gray-900">Pre-order</li> : null}
            {product.isInstallmentReady ? <li className="rounded bg-gray-100 px-2 py-1 text-gray-800">Installment ready</li> : null}
          </ul>

          <VariantPicker variants={variants} selection={selection} onChange={setSelection} />

          {variant ? (
            <p className="text-sm text-gray-700">
              <span className="font-semibold">Selected:</span> {variant.name}{' '}
              <span className="text-gray-600">(SKU {variant.gql.sku})</span>
            </p>
          ) : null}

          {isVoucher ? (
            <div>
              <label htmlFor="custom-amount" className="text-sm font-semibold">
                Amount (PHP)
              </label>
              <input
                id="custom-amount"
                inputMode="numeric"
                value={customAmount}
                onChange={(e) => setCustomAmount(voucherAmountKeystroke(customAmount, e.target.value))}
                aria-describedby="custom-amount-help"
                aria-invalid={voucherCheck?.state === 'invalid'}
                className="mt-1 block w-40 rounded border border-gray-300 px-3 py-2"
              />
              <p id="custom-amount-help" className="mt-1 text-sm text-gray-600">
                Whole pesos from 100 to 10,000.
              </p>
              {voucherCheck?.state === 'invalid' ? <p className="text-sm text-red-700">{voucherCheck.message}</p> : null}
            </div>
          ) : (
            <QuantityInput value={quantity} onChange={setQuantity} max={pickLimit(variant?.gql.stockQuantity)} />
          )}

          {product.tire ? (
            // Said before the shopper adds it: checkout refuses a tire for an address outside Metro Manila.
            <div data-testid="tire-notice" className="rounded-md border border-primary/40 bg-primary-light px-4 py-2 text-sm text-gray-900">
              <p className="font-semibold">{TIRE_DELIVERY_NOTICE}</p>
              <p>{TIRE_INSTALLATION_NOTICE}</p>
            </div>
          ) : null}

          <div className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap">
            <AddToCart
              signedIn={Boolean(root?.viewer)}
              variant={
                cartVariant
                  ? { id: cartVariant.id, isAvailable: cartVariant.gql.isAvailable ?? false, stockQuantity: cartVariant.gql.stockQuantity ?? undefined }
                  : null
              }
              quantity={quantity}
              isVoucher={isVoucher}
              customAmount={customAmount}
            />
            <WatchlistButton
              productId={product.id}
              // The visitors' data served to a session: the fill's mark for this product, until the
              // loader answers for the session (after an action or on the next visit).
              isInWatchlist={isInWatchlist ?? (root?.watchlist?.productId === product.id && root.watchlist.isInWatchlist)}
              signedIn={Boolean(root?.viewer)}
            />
          </div>

          <div className="rounded-lg border border-gray-200 p-4">
            <TrustStrip variant="list" only={product.tire ? ['payment', 'returns', 'warranty'] : undefined} />
          </div>

          <Suspense fallback={null}>
            <ShareButtons url={canonical} title={title} />
          </Suspense>

          {product.isInstallmentReady && installmentPrice > 0 ? (
            <Suspense fallback={null}>
              <InstallmentWidgets price={installmentPrice} />
            </Suspense>
          ) : null}
        </div>
      </div>

      <Tabs.Root defaultValue="description" className="mt-8 md:mt-10">
        <Tabs.List aria-label="Product information" className="flex border-b border-gray-200">
          {['Description', 'Reviews'].map((label) => (
            <Tabs.Trigger
              key={label}
              value={label.toLowerCase()}
              className="-mb-px border-b-2 border-transparent px-4 py-2 font-semibold text-gray-700 data-[state=active]:border-primary data-[state=active]:text-gray-900"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="description" className="py-4">
          {product.description ? (
            // Sanitised on the server (the API's description is safe HTML).
            <div
              className="max-w-none space-y-3 text-gray-800 [&_li]:ml-5 [&_ul]:list-disc"
              dangerouslySetInnerHTML={{ __html: product.description }}
            />
          ) : (
            <p className="text-gray-700">No description.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="reviews" className="py-4">
          <Suspense fallback={<p role="status" className="text-gray-700">Loading</p>}>
            <ReviewsList productPath={`/product/${encodeURIComponent(product.id)}`} initial={product.reviews} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>

      {related.length > 0 ? (
        <section aria-labelledby="related" className="mt-10">
          <h2 id="related" className="mb-3 text-xl font-bold md:mb-4 md:text-2xl">
            Related Products
          </h2>
          <Suspense fallback={<div className="min-h-96" />}>
            <ProductGrid products={related} eagerCards={0} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}

function productJsonLd(product: GqlProduct, canonical: string, publicUrl: string): Record<string, unknown> {
  const range = product.pricing?.priceRange;
  const low = range?.start?.gross?.amount ?? 0;
  const high = range?.stop?.gross?.amount ?? low;
  const variants = product.variants ?? [];
  const available = variants.length === 0 || variants.some((v) => v.isAvailable);
  const availability = product.isPreOrder
    ? 'https://schema.org/PreOrder'
    : available
      ? 'https://schema.org/InStock'
      : 'https://schema.org/OutOfStock';
  const offers =
    low === high
      ? { '@type': 'Offer', price: low.toFixed(2), priceCurrency: 'PHP', availability, url: canonical }
      : {
          '@type': 'AggregateOffer',
          lowPrice: low.toFixed(2),
          highPrice: high.toFixed(2),
          priceCurrency: 'PHP',
          offerCount: variants.length,
          availability,
          url: canonical,
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.seoDescription || plainText(product.description, 500),
    image: (product.images ?? []).map((i) => absoluteUrl(publicUrl, i.url)),
    sku: variants[0]?.sku,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    category: product.category?.name,
    url: canonical,
    offers,
    ...(product.reviewCount && product.totalRating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.totalRating.toFixed(1), reviewCount: product.reviewCount } }
      : {}),
  };
}
