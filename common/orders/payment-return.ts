// What the order page says when the shopper comes back from a payment provider that declined or
// cancelled the payment (/account/order-details/{id}?payment=declined|cancelled, set by
// server/modules/payments/webhooks/webhooks.router.ts): what happened, and what to do next
// (docs/product/orders-and-payments.md#payment-returns); returning with no words left shoppers guessing.
import { gatewayDisplayName } from '../checkout/gateways';

export const PAYMENT_RETURN_OUTCOMES = ['declined', 'cancelled'] as const;
export type PaymentReturnOutcome = (typeof PAYMENT_RETURN_OUTCOMES)[number];

export function paymentReturnOutcome(value: string | null): PaymentReturnOutcome | null {
  return (PAYMENT_RETURN_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as PaymentReturnOutcome) : null;
}

export const PAYMENT_RETURN_TITLES: Record<PaymentReturnOutcome, string> = {
  declined: 'Payment declined',
  cancelled: 'Payment cancelled',
};

/** The notice's text; `canPayAgain` when the order still offers Pay Now. */
export function paymentReturnMessage(outcome: PaymentReturnOutcome, gateway: string | null, canPayAgain: boolean): string {
  const method = gateway ? `Your ${gatewayDisplayName(gateway)} payment` : 'Your payment';
  const happened = outcome === 'declined' ? `${method} was declined, so nothing was charged.` : `${method} was cancelled, so nothing was charged.`;
  if (!canPayAgain) return `${happened} This order can no longer be paid online.`;
  return outcome === 'declined'
    ? `${happened} Your order is waiting for payment: click Pay Now to try again.`
    : `${happened} Your order is waiting for payment: click Pay Now when you are ready to pay.`;
}
