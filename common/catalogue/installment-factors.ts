// The buy-now-pay-later provider's installment factors (spec 2 §7.7, §9): for each term of 1 to
// 12 months, the multiplier applied to the financed amount (price after the down payment).
// Shared by the staff form, the API that stores them and the calculators that use them.
import { z } from 'zod';

export type InstallmentFactor = { term: number; factor: number };

export const INSTALLMENT_FACTOR_MIN = 1;
export const INSTALLMENT_FACTOR_MAX = 3;
/** Factors are kept to four decimals (stored as ten-thousandths). */
export const FACTOR_SCALE = 10_000;
export const INSTALLMENT_FACTOR_TERMS = Array.from({ length: 12 }, (_, i) => i + 1);

export const INSTALLMENT_FACTOR_MESSAGE = 'Please enter a factor from 1.0 to 3.0 for each of the 12 terms.';

/**
 * Interest-free: neither the spec nor DECISIONS.md gives the provider's rates, so until staff
 * enter them every term costs the price and nothing more.
 */
export const DEFAULT_INSTALLMENT_FACTORS: readonly InstallmentFactor[] = INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: 1 }));

const factor = z
  .number({ error: INSTALLMENT_FACTOR_MESSAGE })
  .finite(INSTALLMENT_FACTOR_MESSAGE)
  .min(INSTALLMENT_FACTOR_MIN, INSTALLMENT_FACTOR_MESSAGE)
  .max(INSTALLMENT_FACTOR_MAX, INSTALLMENT_FACTOR_MESSAGE);

/** All 12 terms, once each, each factor 1.0-3.0; answered in term order. */
export const installmentFactorsSchema = z
  .array(z.object({ term: z.number().int(), factor }), { error: INSTALLMENT_FACTOR_MESSAGE })
  .refine(
    (rows) => rows.length === 12 && INSTALLMENT_FACTOR_TERMS.every((term) => rows.filter((r) => r.term === term).length === 1),
    INSTALLMENT_FACTOR_MESSAGE,
  )
  .transform((rows) => [...rows].sort((a, b) => a.term - b.term).map((r) => ({ term: r.term, factor: Math.round(r.factor * FACTOR_SCALE) / FACTOR_SCALE })));

/** The factor of a term in a table; 1.0 when the table or the term is missing. */
export function factorFor(factors: readonly InstallmentFactor[] | null | undefined, term: number): number {
  const found = factors?.find((f) => f.term === term)?.factor;
  return typeof found === 'number' && Number.isFinite(found) && found > 0 ? found : 1;
}
