// The cancellation request (docs/product/orders-and-payments.md#cancellation: notes up to 500 characters),
// one schema for the dialog and the server.
import { z } from 'zod';
import { CANCEL_NOTE_MAX_LENGTH } from '../validation/limits';

export const CANCEL_REASONS = [
  'CHANGE_DELIVERY_ADDRESS',
  'CHANGE_PAYMENT_METHOD',
  'DECIDED_FOR_ALTERNATIVE_PRODUCT',
  'OTHERS',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  CHANGE_DELIVERY_ADDRESS: 'Change delivery address',
  CHANGE_PAYMENT_METHOD: 'Change payment method',
  DECIDED_FOR_ALTERNATIVE_PRODUCT: 'Decided for alternative product',
  OTHERS: 'Others',
};

export const CANCEL_NOTE_MAX = CANCEL_NOTE_MAX_LENGTH;

export const CANCEL_MESSAGES = {
  reason: 'Please set a reason',
  noteRequired: 'Please tell us why you want to cancel.',
  noteTooLong: `The note must be at most ${CANCEL_NOTE_MAX} characters.`,
  notAnymore: 'The order cannot be cancelled anymore.',
  failed: 'Unable to cancel order. Please try again later.',
  // Not the old 'Order cancelled!': the request only moves the order to
  // PENDING_FOR_CANCELLATION until staff approve or deny it (docs/product/orders-and-payments.md#cancellation).
  requested: 'Cancellation requested! Your order is pending cancellation: we will email you once we have reviewed it.',
} as const;

export const cancelRequestSchema = z
  .object({
    reason: z.enum(CANCEL_REASONS, { error: CANCEL_MESSAGES.reason }),
    note: z
      .string()
      .nullish()
      .transform((n) => n?.trim() ?? '')
      .refine((n) => n.length <= CANCEL_NOTE_MAX, CANCEL_MESSAGES.noteTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'OTHERS' && value.note.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: CANCEL_MESSAGES.noteRequired });
    }
  });
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
