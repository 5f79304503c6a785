import { Link } from 'react-router';
import { bannerTarget, BANNER_CLICK_THRESHOLD_PX } from '../../../common/catalogue/display';
import { Carousel } from './Carousel';
import type { GqlBanner } from '../../graphql/catalogue-home';

// Tailwind needs the literal class; it must equal BANNER_CLICK_THRESHOLD_PX (450).
const NARROW_ONLY = 'min-[450px]:hidden';
const WIDE_ONLY = 'hidden min-[450px]:inline-flex';
void BANNER_CLICK_THRESHOLD_PX;

/** The banner's drawn width: container-page (max-w-7xl, 1280 px, less its side padding). */
const BANNER_SIZES = '(min-width: 1280px) 1216px, (min-width: 1024px) calc(100vw - 64px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

/**
 * Home banners. Under 450 px wide the whole banner is the link; wider, a button with the
 * banner's label opens it (pure CSS, so it also works before hydration).
 */
export function BannerCarousel({ banners, signedIn }: { banners: GqlBanner[]; signedIn: boolean }) {
  if (banners.length === 0) return null;
  return (
    <Carousel label="Banners" loop showDots autoplayMs={5000}>
      {banners.map((b, i) => {
        const target = bannerTarget(b.buttonLink, signedIn);
        const label = b.buttonLabel || 'Learn more';
        return (
          <div key={b.id} className="relative overflow-hidden rounded-lg bg-gray-100">
            {b.image?.url ? (
              <img
                src={b.image.url}
                // A phone takes the 1020 px file, not the 1600 px one (the banner spans the page's content width).
                srcSet={b.image.srcSet ?? undefined}
                sizes={b.image.srcSet ? BANNER_SIZES : undefined}
                alt={b.alt || b.image.alt || ''}
                width={b.image.width ?? 1600}
                height={b.image.height ?? 600}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                className="h-auto w-full"
              />
            ) : null}
            {target.kind === 'none' ? null : (
              <>
                <BannerLink target={target} className={`absolute inset-0 ${NARROW_ONLY}`} label={b.alt || label} />
                <BannerLink target={target} className={`btn-primary absolute bottom-4 left-4 shadow ${WIDE_ONLY}`}>
                  {label}
                </BannerLink>
              </>
            )}
          </div>
        );
      })}
    </Carousel>
  );
}

function BannerLink({
  target,
  className,
  label,
  children,
}: {
  target: Exclude<ReturnType<typeof bannerTarget>, { kind: 'none' }>;
  className: string;
  label?: string;
  children?: React.ReactNode;
}) {
  if (target.kind === 'external') {
    return (
      <a href={target.href} className={className} aria-label={label} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={target.to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
