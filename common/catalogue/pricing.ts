// Price display rules for product cards, product pages and watchlists (docs/product/catalogue.md#prices-and-discount-badges, docs/product/limits.md).
// Amounts here are pesos as the API's Money.amount gives them; formatting goes through formatPeso.
import { formatPeso, pesosToCentavos } from '../money';

export type PesoRange = { start: number; stop: number };

/** '₱1,299' for whole pesos, else '₱1,299.50': product cards, where width is scarce. */
export function formatPesoCompact(centavos: number): string {
  return formatPeso(centavos).replace(/\.00$/, '');
}

/** '₱1,299.00' when the range is one price, else '₱1,299.00 - ₱1,499.00' (compact: '₱1,299 - ₱1,499'). */
export function formatPriceRange(range: PesoRange, compact = false): string {
  const format = compact ? formatPesoCompact : formatPeso;
  const start = format(pesosToCentavos(range.start));
  if (pesosToCentavos(range.start) === pesosToCentavos(range.stop)) return start;
  return `${start} - ${format(pesosToCentavos(range.stop))}`;
}

/**
 * The discount badge: discount / undiscounted range start * 100 in whole percent ('17' for
 * 16.81%), as the big marketplaces show it (ADR 017; it had two decimals before). Never 0 while
 * there is a discount, never 100 while something is still to pay. Null when there is nothing
 * to show (no discount or no undiscounted price).
 */
export function discountPercent(discount: number | null | undefined, undiscountedStart: number | null | undefined): string | null {
  if (!discount || discount <= 0 || !undiscountedStart || undiscountedStart <= 0) return null;
  const percent = Math.round((discount / undiscountedStart) * 100);
  return String(Math.min(Math.max(percent, 1), discount < undiscountedStart ? 99 : 100));
}

/** The card and page title: '[PRE-ORDER] ' prefix for pre-orders, then brand, then name. */
export function productDisplayName(name: string, brandName?: string | null, isPreOrder = false): string {
  const branded = brandName && !name.toLowerCase().startsWith(brandName.toLowerCase()) ? `${brandName} ${name}` : name;
  return isPreOrder ? `[PRE-ORDER] ${branded}` : branded;
}

export type PricingInput = {
  onSale?: boolean | null;
  discount?: number | null;
  priceRange?: PesoRange | null;
  priceRangeUndiscounted?: PesoRange | null;
};

export type PriceView = {
  /** What the shopper pays, one price or a range. */
  price: string | null;
  /** Struck through beside the price, only on sale. */
  undiscounted: string | null;
  /** Badge text without the % sign, only on sale. */
  discountPercent: string | null;
};

/** `compact`: whole pesos without centavos, for product cards. */
export function priceView(pricing: PricingInput | null | undefined, compact = false): PriceView {
  const range = pricing?.priceRange;
  if (!range) return { price: null, undiscounted: null, discountPercent: null };
  const price = formatPriceRange(range, compact);
  const undiscountedRange = pricing.priceRangeUndiscounted;
  const onSale = Boolean(pricing.onSale) && undiscountedRange != null;
  const undiscounted = onSale ? formatPriceRange(undiscountedRange, compact) : null;
  return {
    price,
    undiscounted: undiscounted && undiscounted !== price ? undiscounted : null,
    discountPercent: onSale ? discountPercent(pricing.discount, undiscountedRange.start) : null,
  };
}
