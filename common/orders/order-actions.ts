// Which actions an order offers its customer (docs/product/orders-and-payments.md#order-actions). The screens
// show buttons by these rules; the server enforces the same rules on the mutations.
import type { OrderStatus } from './order-status';

export const BANK_DEPOSIT_GATEWAY = 'Bank Deposit';

/** Re-order: only FULFILLED orders. */
export const canReOrder = (status: OrderStatus) => status === 'FULFILLED';

/** Resend Receipt: only FULFILLED orders. */
export const canResendReceipt = (status: OrderStatus) => status === 'FULFILLED';

/** 'Request for Cancel': only when the status is exactly UNFULFILLED. */
export const canRequestCancel = (status: OrderStatus) => status === 'UNFULFILLED';

/**
 * What clicking 'Request for Cancel' opens, by the order's current status: the reason dialog,
 * or, once the order is confirmed, the dialog 'The order cannot be cancelled anymore.'
 */
export function cancelDialogFor(status: OrderStatus): 'reason' | 'cannotCancel' {
  return status === 'UNFULFILLED_ORDER_CONFIRMED' ? 'cannotCancel' : 'reason';
}

/** 'Write a Review' / 'Update Review' on a line: only FULFILLED orders; Update once reviewed. */
export function reviewActionFor(status: OrderStatus, isReviewed: boolean): 'Write a Review' | 'Update Review' | null {
  if (status !== 'FULFILLED') return null;
  return isReviewed ? 'Update Review' : 'Write a Review';
}

export type DepositSlipFacts = {
  gateway: string | null;
  hasProofOfBilling: boolean;
  paymentStatus: string;
  status: OrderStatus;
};

/**
 * A Bank Deposit order waiting for the shopper's deposit: placed or confirmed (not cancelled,
 * rejected, fulfilled or pending cancellation) and neither paid nor refunded. The order page
 * shows the bank details while this holds, from the moment the order is placed (the earlier
 * rule offered the upload only once staff confirm, leaving the shopper who closed the
 * order-placed dialog without the account to pay into; docs/product/orders-and-payments.md#deposit-slip). The server accepts a slip by the
 * same rule (order-actions.service.ts).
 */
export function awaitsBankDeposit(facts: Omit<DepositSlipFacts, 'hasProofOfBilling'>): boolean {
  return (
    facts.gateway === BANK_DEPOSIT_GATEWAY &&
    (facts.status === 'UNFULFILLED' || facts.status === 'UNFULFILLED_ORDER_CONFIRMED') &&
    facts.paymentStatus !== 'FULLY_CHARGED' &&
    facts.paymentStatus !== 'FULLY_REFUNDED'
  );
}

/**
 * 'Upload Deposit Slip': a Bank Deposit order waiting for payment (awaitsBankDeposit) with no
 * proof of billing yet. The earlier rule waited for UNFULFILLED_ORDER_CONFIRMED; the button
 * shows from placement instead (docs/decisions/039-words-that-say-what-happened.md).
 */
export function canUploadDepositSlip(facts: DepositSlipFacts): boolean {
  return awaitsBankDeposit(facts) && !facts.hasProofOfBilling;
}
