import { priceView, type PricingInput } from '../../../common/catalogue/pricing';

/** Price or price range, with the undiscounted price struck through when on sale; `compact` on cards. */
export function PriceDisplay({
  pricing,
  large = false,
  compact = false,
}: {
  pricing: PricingInput | null | undefined;
  large?: boolean;
  compact?: boolean;
}) {
  const view = priceView(pricing, compact);
  if (!view.price) return null;
  if (compact) {
    // Cards: each price on one line, never broken inside a range; a long range with centavos
    // ('₱50,590.80 - ₱56,110.80') steps down a size so it fits a two-column phone card.
    const long = view.price.length > 17;
    return (
      <p className="leading-tight">
        <span className={`block whitespace-nowrap font-bold text-amber-800 ${long ? 'text-[11px] tracking-tight sm:text-xs lg:text-sm' : 'text-sm sm:text-base'}`}>{view.price}</span>
        {view.undiscounted ? (
          <s className="block whitespace-nowrap text-[11px] text-gray-600 sm:text-xs">
            <span className="sr-only">Was </span>
            {view.undiscounted}
          </s>
        ) : null}
      </p>
    );
  }
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
