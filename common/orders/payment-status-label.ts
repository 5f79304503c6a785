// The payment status label (docs/product/orders-and-payments.md#payment-status-label):
// the first rule that matches wins. The one place this table is written.
import type { OrderStatus, PaymentStatus } from './order-status';

export type PaymentLabelFacts = {
  paymentStatus: string;
  captureStatus: string;
  status: OrderStatus;
  hasProofOfBilling: boolean;
};

export const PAYMENT_LABELS = {
  pending: 'Pending',
  captureFailed: 'Payment Captured failed! Click the Pay Now button to change your payment method.',
  vaultSuccess: 'Order confirmed! Click the Pay Now button to continue payment.',
  // Our own row (docs/product/cart-and-checkout.md#pre-orders): a pre-order's PayPal payment held until staff confirm it (ADR 040).
  authorized: 'Payment authorised! You will be charged once we confirm your order.',
  confirmed: 'Order confirmed!',
  proofReceived: 'Proof of billing received!',
  uploadProof: 'Order confirmed! Please upload your proof of payment to proceed with this order.',
  reuploadProof: 'Order confirmed! Please re-upload your proof of payment.',
  codUnavailable: 'Sorry! Cash on delivery is not available.',
  weChatBalance: 'Order confirmed! Please pay your remaining balance to continue with the transaction.',
  weChatFailed: 'Payment capture failed!',
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
  rejected: 'Rejected',
  failed: 'Failed',
  installment: 'Pay in Installment Ready',
  codPending: 'Cash on delivery - Pending',
  none: '',
} as const;

/**
 * The payment status itself in words, for the back office's tables and filters, where the
 * customer's label (paymentStatusLabel, a sentence about what to do next) would not fit: the
 * same words wherever the two meet (Paid, Refunded, ...).
 */
export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  NOT_CHARGED: 'Not Charged',
  PARTIALLY_CHARGED: 'Partially Charged',
  FAILED: PAYMENT_LABELS.failed,
  REJECTED: PAYMENT_LABELS.rejected,
  CASH_ON_DELIVERY_PENDING: PAYMENT_LABELS.codPending,
  PAY_IN_INSTALLMENT_READY: PAYMENT_LABELS.installment,
  FULLY_CHARGED: PAYMENT_LABELS.paid,
  FULLY_REFUNDED: PAYMENT_LABELS.refunded,
};

/** A payment status code in words; a code this shop does not know yet reads 'Some Code', never SOME_CODE. */
export function paymentStatusName(code: string | null | undefined): string {
  if (!code) return '';
  if (code in PAYMENT_STATUS_NAMES) return PAYMENT_STATUS_NAMES[code as PaymentStatus];
  return code
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Orders whose part payment no longer asks for the rest. */
const PART_PAID_CLOSED: readonly OrderStatus[] = ['CANCELED', 'REJECTED', 'FULFILLED'];

/** Rule 2: a NOT_CHARGED payment with a capture status other than NOT_CAPTURED. */
function notChargedLabel(captureStatus: string, hasProofOfBilling: boolean): string | null {
  switch (captureStatus) {
    case 'PAYMAYA_VAULT_CAPTURE_FAILED':
    case 'PAYMAYA_CHECKOUT_CAPTURE_FAILED':
    case 'PAYPAL_CHECKOUT_CAPTURE_FAILED':
      return PAYMENT_LABELS.captureFailed;
    case 'AUTHORIZED':
      return PAYMENT_LABELS.authorized;
    case 'PAYMAYA_VAULT_CAPTURE_SUCCESS':
      return PAYMENT_LABELS.vaultSuccess;
    case 'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS':
      return PAYMENT_LABELS.confirmed;
    case 'UNFULFILLED_ORDER_CONFIRMED':
      return hasProofOfBilling ? PAYMENT_LABELS.proofReceived : PAYMENT_LABELS.uploadProof;
    case 'BANK_DEPOSIT_CAPTURE_FAILED':
      return PAYMENT_LABELS.reuploadProof;
    case 'CASH_ON_DELIVERY_CAPTURE_SUCCESS':
      return PAYMENT_LABELS.confirmed;
    case 'CASH_ON_DELIVERY_CAPTURE_FAILED':
      return PAYMENT_LABELS.codUnavailable;
    case 'WECHAT_PAY_CAPTURE_SUCCESS':
      return PAYMENT_LABELS.weChatBalance;
    case 'WECHAT_PAY_CAPTURE_FAILED':
      return PAYMENT_LABELS.weChatFailed;
    case 'CAPTURED':
      return PAYMENT_LABELS.unpaid;
    default:
      // Not in the table's rule 2: the later rules decide.
      return null;
  }
}

export function paymentStatusLabel(facts: PaymentLabelFacts): string {
  const { paymentStatus, captureStatus } = facts;
  // 1.
  if (paymentStatus === 'NOT_CHARGED' && captureStatus === 'NOT_CAPTURED') return PAYMENT_LABELS.pending;
  // 2.
  if (paymentStatus === 'NOT_CHARGED') {
    const label = notChargedLabel(captureStatus, facts.hasProofOfBilling);
    if (label !== null) return label;
  }
  // 3.
  if (paymentStatus === 'FULLY_CHARGED') return PAYMENT_LABELS.paid;
  if (paymentStatus === 'FULLY_REFUNDED') return PAYMENT_LABELS.refunded;
  // 4.
  if (paymentStatus === 'REJECTED' || facts.status === 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE') {
    return PAYMENT_LABELS.rejected;
  }
  // Our own row (ADR 050): paid in part, the rest still asked for, in the words the table gives
  // WeChat Pay (the gateway that takes part payments); none once the order is closed (its part is refunded).
  if (paymentStatus === 'PARTIALLY_CHARGED' && !PART_PAID_CLOSED.includes(facts.status)) return PAYMENT_LABELS.weChatBalance;
  // 5.
  if (paymentStatus === 'FAILED') return PAYMENT_LABELS.failed;
  if (paymentStatus === 'PAY_IN_INSTALLMENT_READY') return PAYMENT_LABELS.installment;
  if (paymentStatus === 'CASH_ON_DELIVERY_PENDING') return PAYMENT_LABELS.codPending;
  // 6.
  return PAYMENT_LABELS.none;
}
