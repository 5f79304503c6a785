import { useId } from 'react';

/** Read-only star rating; `small` on cards. The number is announced, the stars are decoration. */
export function StarRating({ rating, small = false }: { rating: number | null | undefined; small?: boolean }) {
  const value = Math.max(0, Math.min(5, rating ?? 0));
  const size = small ? 14 : 20;
  const uid = useId();
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
            <defs>
              <linearGradient id={`${uid}-${i}`}>
                <stop offset={`${fill * 100}%`} stopColor="#b45309" />
                <stop offset={`${fill * 100}%`} stopColor="#d1d5db" />
              </linearGradient>
            </defs>
            <path
              fill={`url(#${uid}-${i})`}
              d="M12 2.5l2.9 6.2 6.8.7-5.1 4.6 1.5 6.7L12 17.3l-5.9 3.4 1.5-6.7-5.1-4.6 6.8-.7z"
            />
          </svg>
        );
      })}
    </span>
  );
}
