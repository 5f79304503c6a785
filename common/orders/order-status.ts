// Order, payment and capture statuses (docs/product/orders-and-payments.md#order-status), shared by the server and the screens.

export const ORDER_STATUSES = [
  'UNFULFILLED',
  'UNFULFILLED_ORDER_CONFIRMED',
  'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE',
  'FULFILLED',
  'CANCELED',
  'REJECTED',
  'PENDING_FOR_CANCELLATION',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'NOT_CHARGED',
  'PARTIALLY_CHARGED',
  'FAILED',
  'REJECTED',
  'CASH_ON_DELIVERY_PENDING',
  'PAY_IN_INSTALLMENT_READY',
  'FULLY_CHARGED',
  'FULLY_REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Capture statuses of docs/product/orders-and-payments.md#order-status; the server keeps captureStatus as text, so others may appear. */
export const CAPTURE_STATUSES = [
  'NOT_CAPTURED',
  'CAPTURED',
  'PAYMAYA_VAULT_CAPTURE_SUCCESS',
  'PAYMAYA_VAULT_CAPTURE_FAILED',
  'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS',
  'PAYMAYA_CHECKOUT_CAPTURE_FAILED',
  'PAYMAYA_APP_CAPTURE_SUCCESS',
  'ALIPAY_CAPTURE_SUCCESS',
  'PAYPAL_CHECKOUT_CAPTURE_SUCCESS',
  // ADR 040: a pre-order's PayPal payment held until orderConfirm, and one whose hold lapsed there.
  'AUTHORIZED',
  'PAYPAL_CHECKOUT_CAPTURE_FAILED',
  'BANK_DEPOSIT_CAPTURE_FAILED',
  'CASH_ON_DELIVERY_CAPTURE_SUCCESS',
  'CASH_ON_DELIVERY_CAPTURE_FAILED',
  'WECHAT_PAY_CAPTURE_SUCCESS',
  'WECHAT_PAY_CAPTURE_FAILED',
  'UNFULFILLED_ORDER_CONFIRMED',
] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

/** statusDisplay of each order status. */
export const ORDER_STATUS_DISPLAY: Record<OrderStatus, string> = {
  UNFULFILLED: 'Unfulfilled',
  UNFULFILLED_ORDER_CONFIRMED: 'Order Confirmed',
  UNFULFILLED_UNFORESEEN_CIRCUMSTANCE: 'Unforeseen Circumstance',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
  REJECTED: 'Rejected',
  PENDING_FOR_CANCELLATION: 'Pending for Cancellation',
};
