// The check of a staff-entered factor table (installmentFactorsUpdate): kept apart from
// installment-factors.ts so that the storefront's calculators do not load zod.
import { z } from 'zod';
import { FACTOR_SCALE, INSTALLMENT_FACTOR_MAX, INSTALLMENT_FACTOR_MESSAGE, INSTALLMENT_FACTOR_MIN, INSTALLMENT_FACTOR_TERMS } from './installment-factors';

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
