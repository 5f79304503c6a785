// The buy-now-pay-later provider's installment factors (docs/product/catalogue.md#installment-calculators): for each term of 1 to
// 12 months, the multiplier applied to the financed amount (price after the down payment).
// Shared by the staff form, the API that stores them and the calculators that use them.
// No zod here: display.ts imports this module into every storefront page (the schema is in
// installment-factors-schema.ts, for the API and the staff form).

export type InstallmentFactor = { term: number; factor: number };

export const INSTALLMENT_FACTOR_MIN = 1;
export const INSTALLMENT_FACTOR_MAX = 3;
/** Factors are kept to four decimals (stored as ten-thousandths). */
export const FACTOR_SCALE = 10_000;
export const INSTALLMENT_FACTOR_TERMS = Array.from({ length: 12 }, (_, i) => i + 1);

export const INSTALLMENT_FACTOR_MESSAGE = 'Please enter a factor from 1.0 to 3.0 for each of the 12 terms.';

/**
 * Interest-free: the rulebook gives no provider rates (docs/product/catalogue.md#installment-calculators), so until staff
 * enter them every term costs the price and nothing more.
 */
export const DEFAULT_INSTALLMENT_FACTORS: readonly InstallmentFactor[] = INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: 1 }));

/** The factor of a term in a table; 1.0 when the table or the term is missing. */
export function factorFor(factors: readonly InstallmentFactor[] | null | undefined, term: number): number {
  const found = factors?.find((f) => f.term === term)?.factor;
  return typeof found === 'number' && Number.isFinite(found) && found > 0 ? found : 1;
}
