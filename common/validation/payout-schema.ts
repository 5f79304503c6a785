// The payout request's zod schema: BANK by default; GCASH needs a mobile number, kept as +63 and
// 10 digits by the addresses' rule (normalizePhone).
import { z } from 'zod';
import { normalizePhone } from './address';
import { PAYOUT_MESSAGES } from './payout';

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
