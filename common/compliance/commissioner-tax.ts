// A commissioner's tax details for their withholding certificates (docs/decisions/051-withholding-on-payouts.md):
// the TIN (9 digits, and the branch code after it when they have one) and registered address
// they type on /account/payouts, and the rate staff set for them. The form and the service both
// check these rules.
import { z } from 'zod';

export const COMMISSIONER_TAX_MESSAGES = {
  tin: 'Please enter your TIN as 9 digits, with your branch code after it if you have one (123-456-789 or 123-456-789-000).',
  registeredAddress: 'Please enter your registered address in up to 300 characters.',
  saved: 'Tax details saved!',
  rate: 'Please enter a percentage from 0 to 100 with at most 2 decimals, or leave it empty for the shop rate.',
  rateNote: 'Please keep the note to 200 characters.',
  rateSaved: "The commissioner's withholding rate is saved.",
  notFound: 'Customer not found.',
} as const;

/** What the certificate prints for a payee who gave no TIN. */
export const TIN_NOT_GIVEN = 'TIN not given';

/** "123-456-789" or "123-456-789-000" from the stored digits and branch code. */
export function formatPayeeTin(tin: string | null, branchCode: string | null): string {
  if (!tin) return TIN_NOT_GIVEN;
  const base = `${tin.slice(0, 3)}-${tin.slice(3, 6)}-${tin.slice(6, 9)}`;
  return branchCode ? `${base}-${branchCode}` : base;
}

/** The TIN as typed (spaces and dashes allowed): empty = not given; else 9 digits, then 0 or 3 to 5 more. */
const tinField = z
  .string({ error: COMMISSIONER_TAX_MESSAGES.tin })
  .default('')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => v === '' || /^\d{9}(\d{3,5})?$/.test(v), COMMISSIONER_TAX_MESSAGES.tin)
  .transform((v) => (v === '' ? { tin: null, tinBranchCode: null } : { tin: v.slice(0, 9), tinBranchCode: v.length > 9 ? v.slice(9) : null }));

export const commissionerTaxDetailsSchema = z.object({
  tin: tinField,
  registeredAddress: z
    .string({ error: COMMISSIONER_TAX_MESSAGES.registeredAddress })
    .default('')
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s.length <= 300, COMMISSIONER_TAX_MESSAGES.registeredAddress)
    .transform((s) => (s === '' ? null : s)),
});
export type CommissionerTaxDetailsInput = z.output<typeof commissionerTaxDetailsSchema>;

/** Staff's rate for one commissioner, percent (5 = 5%); null or empty clears it (the shop's rate applies). */
export const commissionerRateSchema = z.object({
  percentage: z
    .number({ error: COMMISSIONER_TAX_MESSAGES.rate })
    .min(0, COMMISSIONER_TAX_MESSAGES.rate)
    .max(100, COMMISSIONER_TAX_MESSAGES.rate)
    .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), COMMISSIONER_TAX_MESSAGES.rate)
    .nullable(),
  note: z
    .string()
    .default('')
    .transform((s) => s.trim())
    .refine((s) => s.length <= 200, COMMISSIONER_TAX_MESSAGES.rateNote)
    .transform((s) => (s === '' ? null : s)),
});
