import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import { useRootData } from '../lib/personal-fill';
import { formatReviewDate, reviewerName, TESTIMONIAL_INTERVAL_MS } from '../../common/catalogue/display';
import { SHOP_NAME, SHOP_TAGLINE } from '../../common/shop-info';
import { AnnouncementModal } from '../components/catalogue/AnnouncementModal';
import { BannerCarousel } from '../components/catalogue/BannerCarousel';
import { Carousel } from '../components/catalogue/Carousel';
import { ProductCard } from '../components/catalogue/ProductCard';
import { TestimonialCard } from '../components/catalogue/TestimonialCard';
import { BrandTile, CategoryTile, TileGrid } from '../components/catalogue/Tiles';
import { seoMeta } from '../components/catalogue/seo';
import { TrustStrip } from '../components/layout/TrustStrip';
import { nodes, toCard, toImage, toTile } from '../graphql/catalogue';
import { AnnouncementsQuery, BannersQuery, HomeQuery, TestimonialsQuery } from '../graphql/catalogue-home';
import type { MainFragmentHandle } from '../lib/cached-main';
import { getViewer, query } from '../lib/api.server';
import { CapturePaypalTransactionMutation } from '../graphql/payments';
import { PAYMENT_SUCCESSFUL } from '../../common/checkout/gateways';

// <main> is a function of the loader data, the URL and whether someone is signed in: it may be
// stored and served again to the next shopper with the same (ADR 028).
export const handle: MainFragmentHandle = { mainFromLoaderData: true };

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: `${SHOP_NAME} | Gadgets, accessories and tires in the Philippines`, description: SHOP_TAGLINE, url: data?.canonical });

const AUTH_PARAMS = ['open', 'signup_token', 'SIGNUP_TOKEN', 'token'];

/** Banner, announcement and review areas render nothing on error (docs/product/content.md#home). */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

/** docs/product/content.md#routes: ?token on / captures the PayPal transaction and says 'Payment Successful!'. */
async function capturePaypalOnHome(context: Route.LoaderArgs['context'], request: Request): Promise<boolean> {
  const token = new URL(request.url).searchParams.get('token')?.trim();
  if (!token || !(await getViewer(context))) return false;
  const captured = await orNull(query(context, CapturePaypalTransactionMutation, { paypalTransactionId: token }));
  return Boolean(captured?.capturePaypalTransaction?.order && !captured.capturePaypalTransaction.errors?.length);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const paymentCaptured = await capturePaypalOnHome(context, request);
  const [home, banners, announcements, testimonials] = await Promise.all([
    query(context, HomeQuery),
    orNull(query(context, BannersQuery)),
    orNull(query(context, AnnouncementsQuery)),
    orNull(query(context, TestimonialsQuery)),
  ]);
  return {
    paymentCaptured,
    canonical: `${context.publicUrl}/`,
    brands: nodes(home.featuredBrands).map(toTile),
    products: nodes(home.featuredProducts).map(toCard),
    categories: nodes(home.categories).map(toTile),
    banners: banners?.banners ?? [],
    announcement: announcements?.announcementModals?.[0] ?? null,
    testimonials: (testimonials?.testimonials ?? []).map((t) => ({
      id: t.id ?? '',
      productName: t.product?.name ?? null,
      brandName: t.product?.brand?.name ?? null,
      productUrl: t.product?.url ?? null,
      image: toImage(t.product?.thumbnail),
      location: t.location,
      reviewer: t.name?.trim() || reviewerName(null),
      date: t.created ? formatReviewDate(t.created) : '',
      rating: t.rating ?? 0,
      note: t.content ?? '',
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const signedIn = Boolean(root?.viewer);
  const [params] = useSearchParams();
  // The announcement waits while the address opens something else (auth dialogs, payment alert).
  const busy = AUTH_PARAMS.some((p) => params.has(p));
  const { banners, announcement, brands, products, categories, testimonials } = loaderData;
  return (
    <div className="space-y-8 pb-4 md:space-y-12">
      <h1 className="sr-only">
        {SHOP_NAME}: {SHOP_TAGLINE}
      </h1>
      {loaderData.paymentCaptured ? (
        <p role="alert" className="container-page mt-4 rounded-md bg-green-50 p-3 text-center font-semibold text-green-800">
          {PAYMENT_SUCCESSFUL}
        </p>
      ) : null}
      {announcement && !busy ? <AnnouncementModal announcement={announcement} signedIn={signedIn} /> : null}
      {banners.length > 0 ? (
        <div className="container-page pt-3 md:pt-4">
          <BannerCarousel banners={banners} signedIn={signedIn} />
        </div>
      ) : null}

      <section aria-label="Why shop with us" className="container-page !mt-4 md:!mt-6">
        <TrustStrip />
      </section>

      <HomeSection title="TOP BRANDS" link={{ to: '/brands', label: 'View all brands' }}>
        <Carousel label="Top brands" slideClassName="basis-1/3 sm:basis-1/4 lg:basis-1/8">
          {brands.map((b) => (
            <BrandTile key={b.id} brand={b} />
          ))}
        </Carousel>
      </HomeSection>

      <HomeSection title="BEST DEALS" link={{ to: '/shop/best-deals/today', label: 'View all best deals' }}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection title="CATEGORIES" link={{ to: '/categories', label: 'View all categories' }}>
        <TileGrid kind="category">
          {categories.map((c) => (
            <li key={c.id}>
              <CategoryTile category={c} />
            </li>
          ))}
        </TileGrid>
      </HomeSection>

      {testimonials.length > 0 ? (
        <HomeSection title="REVIEWS">
          <Carousel label="Reviews" loop autoplayMs={TESTIMONIAL_INTERVAL_MS} slideClassName="basis-full sm:basis-1/2 lg:basis-1/3">
            {testimonials.map((t) => (
              <TestimonialCard key={t.id} t={t} />
            ))}
          </Carousel>
        </HomeSection>
      ) : null}
    </div>
  );
}

function HomeSection({ title, link, children }: { title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  const id = `home-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="container-page">
      <div className="mb-3 flex items-end justify-between gap-3 md:mb-4">
        <h2 id={id} className="text-xl font-extrabold tracking-tight md:text-2xl">
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className="text-sm font-semibold text-secondary-dark hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
