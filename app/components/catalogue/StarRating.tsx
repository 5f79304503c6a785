import { useId } from 'react';

// One SVG for the five stars (grey, then the rated share in amber over them, clipped): five SVGs
// with a gradient each made 31 elements per rating, 600 of the 1,065 on /shop's 20 cards, which
// the phone parses, styles, lays out and hydrates (Lighthouse). It draws the same.
const BOX = 24;
/** The star's own left edge and width inside its 24-unit box (where the old gradients ran). */
const STAR_LEFT = 2.5;
const STAR_WIDTH = 19.2;
/** The gap between stars, in CSS pixels (Tailwind's gap-0.5). */
const GAP_PX = 2;

const round = (n: number) => Math.round(n * 100) / 100;
const star = (x: number) => `M${round(x + 12)} 2.5l2.9 6.2 6.8.7-5.1 4.6 1.5 6.7L${round(x + 12)} 17.3l-5.9 3.4 1.5-6.7-5.1-4.6 6.8-.7z`;

/** Read-only star rating; `small` on cards. The number is announced, the stars are decoration. */
export function StarRating({ rating, small = false, size: sizeOverride }: { rating: number | null | undefined; small?: boolean; size?: number }) {
  const value = Math.max(0, Math.min(5, rating ?? 0));
  const size = sizeOverride ?? (small ? 14 : 20);
  const uid = useId();
  // One star box plus the gap, in the viewBox's units (the gap is GAP_PX on screen).
  const step = BOX + (GAP_PX * BOX) / size;
  const stars = [0, 1, 2, 3, 4].map((i) => star(i * step)).join('');
  const whole = Math.floor(value);
  const part = value - whole;
  const filled = whole >= 5 ? 5 * step : whole * step + (part > 0 ? STAR_LEFT + part * STAR_WIDTH : 0);
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <svg width={5 * size + 4 * GAP_PX} height={size} viewBox={`0 0 ${round(4 * step + BOX)} ${BOX}`} aria-hidden="true">
        <defs>
          <clipPath id={uid}>
            <rect width={round(filled)} height={BOX} />
          </clipPath>
        </defs>
        <path fill="#d1d5db" d={stars} />
        <path fill="#b45309" d={stars} clipPath={`url(#${uid})`} />
      </svg>
    </span>
  );
}


/** No rating yet: a product nobody has reviewed shows words, never five grey stars that read as zero. */
export const hasRating = (rating: number | null | undefined): rating is number => rating != null && rating > 0;
