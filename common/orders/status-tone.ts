// What an order or payment status means at a glance, for the back office's coloured badges:
// waiting on someone, under way, needing staff's attention, done, failed, or closed. Colour
// alone never carries the meaning: the badge always shows the status in words too.
import type { OrderStatus, PaymentStatus } from './order-status';

export type StatusTone = 'waiting' | 'progress' | 'attention' | 'done' | 'failed' | 'closed';

export const ORDER_STATUS_TONE: Record<OrderStatus, StatusTone> = {
  UNFULFILLED: 'waiting',
  UNFULFILLED_ORDER_CONFIRMED: 'progress',
  UNFULFILLED_UNFORESEEN_CIRCUMSTANCE: 'attention',
  PENDING_FOR_CANCELLATION: 'attention',
  FULFILLED: 'done',
  REJECTED: 'failed',
  CANCELED: 'closed',
};

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, StatusTone> = {
  NOT_CHARGED: 'waiting',
  CASH_ON_DELIVERY_PENDING: 'waiting',
  PAY_IN_INSTALLMENT_READY: 'waiting',
  PARTIALLY_CHARGED: 'progress',
  FULLY_CHARGED: 'done',
  FAILED: 'failed',
  REJECTED: 'failed',
  FULLY_REFUNDED: 'closed',
};

/** A status code's tone; a code this shop does not know yet is shown plainly ('closed'). */
export function statusTone(kind: 'order' | 'payment', code: string | null | undefined): StatusTone {
  const table: Record<string, StatusTone> = kind === 'order' ? ORDER_STATUS_TONE : PAYMENT_STATUS_TONE;
  return (code && table[code]) || 'closed';
}
