// Product page input rules: quantity, custom voucher amount (docs/product/catalogue.md#custom-vouchers), age gate, price filter.

import { formatDecimal } from '../money';

/** What the quantity box holds: a positive whole number, or empty while the shopper types. */
export type QuantityInput = number | '';

/**
 * Applies a keystroke to the quantity box: positive values or empty are accepted (docs/product/catalogue.md#product-page);
 * anything else (0, negatives, letters) keeps the previous value.
 */
export function nextQuantity(previous: QuantityInput, typed: string): QuantityInput {
  if (typed === '') return '';
  if (!/^\d+$/.test(typed)) return previous;
  const value = Number(typed);
  return value >= 1 ? value : previous;
}

/** The minus button stops at 1; an empty box becomes 1. */
export function decrementQuantity(q: QuantityInput): number {
  return q === '' ? 1 : Math.max(1, q - 1);
}

export function incrementQuantity(q: QuantityInput): number {
  return q === '' ? 1 : q + 1;
}

export const VOUCHER_MIN_PESOS = 100;
export const VOUCHER_MAX_PESOS = 10_000;
export const VOUCHER_TOO_LOW = 'Please enter an amount greater than PHP100';
export const VOUCHER_INVALID = 'Please enter a valid amount.';

export type VoucherAmountCheck =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; pesos: number };

/** Custom voucher amount: whole pesos from 100 to 10,000 (docs/product/catalogue.md#custom-vouchers). Empty disables add. */
export function checkVoucherAmount(raw: string): VoucherAmountCheck {
  const text = raw.trim();
  if (text === '') return { state: 'empty' };
  if (!/^\d+$/.test(text)) return { state: 'invalid', message: VOUCHER_INVALID };
  const pesos = Number(text);
  if (pesos < VOUCHER_MIN_PESOS) return { state: 'invalid', message: VOUCHER_TOO_LOW };
  if (pesos > VOUCHER_MAX_PESOS) return { state: 'invalid', message: VOUCHER_INVALID };
  return { state: 'valid', pesos };
}

/** The voucher amount box accepts digits only (or empty). */
export function voucherAmountKeystroke(previous: string, typed: string): string {
  return /^\d*$/.test(typed) ? typed : previous;
}

export const AGE_GATE_TEXT = 'You must be at least 18 years old to proceed. Are you 18 years old or older?';

/** Spirits need the age gate; matched on the category or product type name. */
export function needsAgeGate(names: (string | null | undefined)[]): boolean {
  return names.some((n) => n != null && /\bspirits?\b/i.test(n));
}

export const PRICE_SLIDER = { min: 0, max: 100_000, step: 1_000 } as const;

/**
 * The shop's price filter applies only when both bounds are numbers and min is below max
 * (docs/product/catalogue.md#product-page); otherwise no price filter at all.
 */
export function parsePriceFilter(
  minPrice: string | null | undefined,
  maxPrice: string | null | undefined,
): { minPrice: number; maxPrice: number } | null {
  if (minPrice == null || maxPrice == null || minPrice.trim() === '' || maxPrice.trim() === '') return null;
  const min = Number(minPrice);
  const max = Number(maxPrice);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max) return null;
  return { minPrice: min, maxPrice: max };
}

/** The slider's label for a value: the top stop means "and above". */
export function priceSliderLabel(pesos: number): string {
  const text = `₱${formatDecimal(pesos)}`;
  return pesos >= PRICE_SLIDER.max ? `${text}+` : text;
}
