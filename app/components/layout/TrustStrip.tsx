import { TRUST_PROMISES, type TrustPromise } from '../../../common/shop-promises';

const icon = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

const ICONS: Record<TrustPromise['id'], React.ReactNode> = {
  payment: (
    <svg {...icon}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </svg>
  ),
  delivery: (
    <svg {...icon}>
      <path d="M2 6h11v10H2zM13 9h4l4 4v3h-8" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  ),
  returns: (
    <svg {...icon}>
      <path d="M4 9h11a5 5 0 0 1 0 10H9" />
      <path d="m8 5-4 4 4 4" />
    </svg>
  ),
  warranty: (
    <svg {...icon}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </svg>
  ),
};

/**
 * The shop's promises (secure payment, delivery time, returns, warranty) in the terms' own words
 * (common/shop-promises.ts). `band`: a row across the page (home), two by two on a phone;
 * `list`: a compact column beside a buy button, a cart or an order summary.
 */
export function TrustStrip({ variant = 'band', only }: { variant?: 'band' | 'list'; only?: TrustPromise['id'][] }) {
  const promises = only ? TRUST_PROMISES.filter((p) => only.includes(p.id)) : TRUST_PROMISES;
  if (variant === 'list') {
    return (
      <ul aria-label="Our promises" className="space-y-2.5 text-sm">
        {promises.map((p) => (
          <li key={p.id} className="flex gap-2.5">
            <span className="mt-0.5 shrink-0 text-secondary-dark">{ICONS[p.id]}</span>
            <span>
              <span className="block font-semibold text-gray-900">{p.title}</span>
              <span className="block text-gray-600">{p.text}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label="Our promises" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {promises.map((p) => (
        <li key={p.id} className="flex items-center gap-2 rounded-lg bg-secondary-light/60 p-2 sm:items-start sm:gap-3 sm:p-4">
          <span className="shrink-0 rounded-full bg-white p-1.5 text-secondary-dark shadow-sm">{ICONS[p.id]}</span>
          <span className="min-w-0">
            <span className="block text-xs font-bold text-gray-900 sm:text-sm">{p.title}</span>
            <span className="mt-0.5 hidden text-xs leading-snug text-gray-700 sm:block">{p.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
