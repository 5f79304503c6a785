// The payout queue's forms (/staff/payouts) and payoutMarkPaid / payoutReject on the server: one
// schema for each, checked in the browser's action and again by the service.
import { z } from 'zod';

export const PAYOUT_ACTION_MESSAGES = {
  reference: 'Please enter the transfer reference.',
  referenceTooLong: 'The reference must be at most 100 characters.',
  reason: 'Please enter the reason for rejecting.',
  reasonTooLong: 'The reason must be at most 500 characters.',
} as const;

export const payoutPaidSchema = z.object({
  reference: z
    .string({ error: PAYOUT_ACTION_MESSAGES.reference })
    .trim()
    .min(1, PAYOUT_ACTION_MESSAGES.reference)
    .max(100, PAYOUT_ACTION_MESSAGES.referenceTooLong),
});

export const payoutRejectSchema = z.object({
  reason: z
    .string({ error: PAYOUT_ACTION_MESSAGES.reason })
    .trim()
    .min(1, PAYOUT_ACTION_MESSAGES.reason)
    .max(500, PAYOUT_ACTION_MESSAGES.reasonTooLong),
});
