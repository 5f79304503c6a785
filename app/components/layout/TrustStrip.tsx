import { TRUST_PROMISES, type TrustPromise } from '../../../common/shop-promises';

/**
 * The shop's promises (secure payment, delivery time, returns, warranty) in the terms' own words
 * (common/shop-promises.ts). `band`: a row across the page (home, under the cart's lines), two by
 * two on a phone (one a row when three are shown), titles only there; `list`: a compact column
 * beside a buy button or an order summary (TrustLine.tsx: the titles in one row, beside Place
 * Order). The icons are static files (public/trust-icons/), sized in the markup: no JavaScript
 * for their drawing.
 */
export function TrustStrip({ variant = 'band', only }: { variant?: 'band' | 'list'; only?: TrustPromise['id'][] }) {
  const promises = TRUST_PROMISES.filter((p) => !only || only.includes(p.id));
  const band = variant === 'band';
  const bandGrid = promises.length === 3 ? 'grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3' : 'grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4';
  return (
    <ul aria-label="Our promises" className={band ? bandGrid : 'space-y-2.5 text-sm'}>
      {promises.map((p) => (
        <li key={p.id} className={band ? 'flex items-center gap-2 rounded-lg bg-secondary-light/60 p-2 sm:items-start sm:gap-3 sm:p-4' : 'flex gap-2.5'}>
          <img src={`/trust-icons/${p.id}.svg`} alt="" width={24} height={24} className={band ? 'box-content shrink-0 rounded-full bg-white p-1.5 shadow-sm' : 'mt-0.5 shrink-0'} />
          <span className="min-w-0">
            <span className={`block font-semibold text-gray-900 ${band ? 'text-xs sm:text-sm' : ''}`}>{p.title}</span>
            <span className={band ? 'mt-0.5 hidden text-xs leading-snug text-gray-700 sm:block' : 'block text-gray-600'}>{p.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
