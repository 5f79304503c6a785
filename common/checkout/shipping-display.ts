// How shipping amounts are shown at checkout (docs/product/limits.md#display-timings).
import { formatPeso } from '../money';

/**
 * Whole pesos, as the shop writes every amount: '₱150.00' (the old 'PHP 150.00' read beside
 * ₱ everywhere else, ADR 042).
 */
export function formatPesoWhole(pesos: number): string {
  return formatPeso(Math.round(pesos) * 100);
}

/**
 * The shipping fee estimate shown as a range from estimate/3 up to the estimate, both rounded
 * to whole pesos; 'TBD' while the estimate is zero (no address or no rate yet).
 */
export function formatShippingEstimate(estimateCentavos: number): string {
  const pesos = estimateCentavos / 100;
  if (!Number.isFinite(pesos) || Math.round(pesos) <= 0) return 'TBD';
  return `${formatPesoWhole(pesos / 3)} - ${formatPesoWhole(pesos)}`;
}

/**
 * The Shipping line of the summary: pickup is free; delivery is free when every line ships
 * free (the lines' free-shipping flag), else the price once known ('₱{n}.00'), else the
 * estimate range or 'TBD'.
 */
export function shippingSummaryLabel(input: {
  kind: 'pickup' | 'delivery' | null;
  allLinesShipFree: boolean;
  shippingPriceCentavos: number;
  estimateCentavos: number;
}): string {
  if (input.kind === 'pickup' || (input.kind === 'delivery' && input.allLinesShipFree)) return 'FREE';
  if (input.kind === 'delivery' && input.shippingPriceCentavos > 0) return formatPesoWhole(input.shippingPriceCentavos / 100);
  return formatShippingEstimate(input.estimateCentavos);
}

/** The price line of a shipping method: free pickup or the delivery price. */
export function formatShippingMethodPrice(kind: 'pickup' | 'delivery', priceCentavos: number): string {
  if (kind === 'pickup') return 'FREE';
  return formatPesoWhole(priceCentavos / 100);
}

/** The rulebook's waits and durations at checkout, in milliseconds. */
export const COD_FEE_LOOKUP_DELAY_MS = 800;
export const EMPTY_CART_REDIRECT_DELAY_MS = 1500;
