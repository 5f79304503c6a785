// Payout requests (spec 1 section 5: type BANK or GCASH, default BANK; GCASH needs a phone
// number, +63 then 10 digits) and the programme's constants (spec 2 section 9, DECISIONS.md).
import { z } from 'zod';
import { normalizePhone } from './address';

/** Minimum points for a request (1 point = ₱1.00). */
export const PAYOUT_MINIMUM_POINTS = 500;
/** The transaction fee of every payout, in centavos (₱25). */
export const PAYOUT_FEE_CENTAVOS = 2_500;

export const PAYOUT_MESSAGES = {
  minimum: 'In order to Request Payout, you must have at least 500 points.',
  sent: 'Payout request sent!',
  failed: 'Something went wrong!',
  // The spec has no text for these two; they say what to fix.
  phone: 'Please enter your GCash number: +63 and 10 digits.',
  bankDetails: 'Please save your bank details first.',
  empty: 'No Payout Requested!',
} as const;

export const payoutRequestSchema = z.object({
  type: z.enum(['BANK', 'GCASH']).catch('BANK'),
  phoneNumber: z.string().trim().optional().nullable(),
}).transform((v, ctx) => {
  if (v.type === 'BANK') return { type: 'BANK' as const, phoneNumber: null };
  const phone = v.phoneNumber ? normalizePhone(v.phoneNumber) : null;
  if (!phone) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: PAYOUT_MESSAGES.phone });
    return z.NEVER;
  }
  return { type: 'GCASH' as const, phoneNumber: phone };
});
export type PayoutRequest = z.output<typeof payoutRequestSchema>;
