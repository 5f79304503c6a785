import { priceView, type PricingInput } from '../../../common/catalogue/pricing';

/** Price or price range, with the undiscounted price struck through when on sale (cards: ProductCard's CardPrice). */
export function PriceDisplay({ pricing, large = false }: { pricing: PricingInput | null | undefined; large?: boolean }) {
  const view = priceView(pricing);
  if (!view.price) return null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5">
      <span className={`${large ? 'text-2xl' : 'text-base'} whitespace-nowrap font-bold text-amber-800`}>{view.price}</span>
      {view.undiscounted ? (
        <s className={`${large ? 'text-base' : 'text-sm'} whitespace-nowrap text-gray-600`}>
          <span className="sr-only">Was </span>
          {view.undiscounted}
        </s>
      ) : null}
    </p>
  );
}

export function DiscountBadge({ percent, className = '' }: { percent: string | null; className?: string }) {
  if (!percent) return null;
  return (
    <span className={`rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white ${className}`}>
      -{percent}%<span className="sr-only"> off</span>
    </span>
  );
}
