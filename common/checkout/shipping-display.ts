// How shipping amounts are shown at checkout (docs/product/limits.md#display-timings).

/** Whole pesos as the rulebook writes them for delivery: 'PHP 150.00'. */
export function formatPhpWhole(pesos: number): string {
  return `PHP ${Math.round(pesos)}.00`;
}

/**
 * The shipping fee estimate shown as a range from estimate/3 up to the estimate, both rounded
 * to whole pesos; 'TBD' while the estimate is zero (no address or no rate yet).
 */
export function formatShippingEstimate(estimateCentavos: number): string {
  const pesos = estimateCentavos / 100;
  if (!Number.isFinite(pesos) || Math.round(pesos) <= 0) return 'TBD';
  return `${formatPhpWhole(pesos / 3)} - ${formatPhpWhole(pesos)}`;
}

/**
 * The Shipping line of the summary: pickup is free; delivery is free when every line ships
 * free (the lines' free-shipping flag), else the price once known ('PHP {n}.00'), else the
 * estimate range or 'TBD'.
 */
export function shippingSummaryLabel(input: {
  kind: 'pickup' | 'delivery' | null;
  allLinesShipFree: boolean;
  shippingPriceCentavos: number;
  estimateCentavos: number;
}): string {
  if (input.kind === 'pickup' || (input.kind === 'delivery' && input.allLinesShipFree)) return 'FREE';
  if (input.kind === 'delivery' && input.shippingPriceCentavos > 0) return formatPhpWhole(input.shippingPriceCentavos / 100);
  return formatShippingEstimate(input.estimateCentavos);
}

/** The price line of a shipping method: free pickup or the delivery price. */
export function formatShippingMethodPrice(kind: 'pickup' | 'delivery', priceCentavos: number): string {
  if (kind === 'pickup') return 'FREE';
  return formatPhpWhole(priceCentavos / 100);
}

/** The rulebook's waits and durations at checkout, in milliseconds. */
export const COD_FEE_LOOKUP_DELAY_MS = 800;
export const EMPTY_CART_REDIRECT_DELAY_MS = 1500;
