// Staff's refund form, the same rules in the browser and in the route's
// action: an amount staff type (never pre-filled with the whole total), up to what is left, and
// a reason the customer is told; then a confirmation with the amount in words.
import { formatPeso } from '../money';
import { pesosInWords } from '../money-words';

export const REFUND_FORM_MESSAGES = {
  amount: 'Please enter an amount to refund, more than ₱0.00.',
  reason: 'Please enter a reason for the refund (the customer sees it).',
} as const;

export const REFUND_REASON_MAX = 255;
export const REFUND_REFERENCE_MAX = 100;

export const overRefundFormMessage = (left: number) => `The refund cannot be more than ${formatPeso(left)}, what is left of the payment.`;

export type RefundFormValues = { amount: string; reason: string };

export type RefundFormCheck =
  | { ok: true; amount: number; reason: string }
  | { ok: false; field: 'amount' | 'reason'; message: string };

/**
 * Reads the form: the amount in pesos as typed (commas allowed, at most two decimals) as
 * centavos, and the reason. `refundable` (centavos), when known, bounds the amount.
 */
export function checkRefundForm(values: RefundFormValues, refundable?: number): RefundFormCheck {
  const text = values.amount.trim().replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return { ok: false, field: 'amount', message: REFUND_FORM_MESSAGES.amount };
  const [whole, fraction = ''] = text.split('.');
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (amount <= 0) return { ok: false, field: 'amount', message: REFUND_FORM_MESSAGES.amount };
  if (refundable !== undefined && amount > refundable) return { ok: false, field: 'amount', message: overRefundFormMessage(refundable) };
  const reason = values.reason.trim().slice(0, REFUND_REASON_MAX);
  if (!reason) return { ok: false, field: 'reason', message: REFUND_FORM_MESSAGES.reason };
  return { ok: true, amount, reason };
}

/** The question staff answer before the money moves. */
export function refundConfirmation(amount: number): string {
  return `Refund ${formatPeso(amount)} (${pesosInWords(amount)}) to the customer?`;
}
