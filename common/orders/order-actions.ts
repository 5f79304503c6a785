// Which actions an order offers its customer (spec 1 section 4, "Order actions"). The screens
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
 * 'Upload Deposit Slip': Bank Deposit, no proof of billing yet, payment not FULLY_CHARGED, and
 * status UNFULFILLED_ORDER_CONFIRMED.
 */
export function canUploadDepositSlip(facts: DepositSlipFacts): boolean {
  return (
    facts.gateway === BANK_DEPOSIT_GATEWAY &&
    !facts.hasProofOfBilling &&
    facts.paymentStatus !== 'FULLY_CHARGED' &&
    facts.status === 'UNFULFILLED_ORDER_CONFIRMED'
  );
}
