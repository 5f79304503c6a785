// What a payment's provider took and what is still due (ADR 050: part payments). Read by the
// ledger's amount check, Pay Now, the sessions a hosted gateway opens, and refunds.
import type { PaymentRow } from '../payments.tables';

type Amounts = Pick<PaymentRow, 'chargeStatus' | 'total' | 'chargedAmount'>;

/**
 * Centavos the provider took on this payment: the whole once paid in full, else what its part
 * payments came to. A refund gives back at most this, never the order's total.
 */
export function chargedAmountOf(payment: Amounts): number {
  if (payment.chargeStatus === 'FULLY_CHARGED') return payment.total;
  // Refunded in whole: what had been taken (a payment taken before part payments were kept is the total).
  if (payment.chargeStatus === 'FULLY_REFUNDED') return payment.chargedAmount || payment.total;
  return payment.chargeStatus === 'PARTIALLY_CHARGED' ? payment.chargedAmount : 0;
}

/** Centavos still to pay: the whole, the rest after a part payment, or nothing once paid or refunded. */
export function amountDueOf(payment: Amounts): number {
  if (payment.chargeStatus === 'FULLY_REFUNDED') return 0;
  return payment.total - chargedAmountOf(payment);
}
