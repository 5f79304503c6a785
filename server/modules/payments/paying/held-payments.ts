// Payments held until staff confirm the order (docs/product/cart-and-checkout.md#pre-orders: a pre-order is never charged before
// it is confirmed; ADR 040). PayPal authorised the pre-order's amount when the shopper approved
// it; a Paymaya Vault order's saved card was held, not charged. orderConfirm takes the money in
// two steps (ADR 041, paying/provider-steps.service.ts): the confirmation's transaction queues
// the step, the provider is asked once it committed, outside the order's lock, and its answer is
// recorded after. An authorisation that lapsed is renewed by the provider when PayPal allows it;
// when it does not, nothing is charged, the payment is left FAILED for the customer to pay again
// (Pay Now), the customer is emailed and staff see it on the order. Cancel and reject void the
// authorisation (settleCancelledOrderPayment).
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { AUTHORIZED_CAPTURE_STATUS } from '../payment-events.service';
import { lockActivePayment } from '../payments-staff.service';
import { awaitsHeldCharge, queueProviderStep } from './provider-steps.service';

export const HELD_PAYMENT_MESSAGES = {
  held: 'PayPal holds this payment: confirm the order to capture it.',
} as const;

/**
 * Marking a held payment paid by hand would record money the shop never took (and leave PayPal's
 * authorisation hanging): only orderConfirm captures it. In the caller's transaction.
 */
export async function refuseIfHeld(ctx: ServiceContext, orderId: number): Promise<void> {
  const payment = await lockActivePayment(ctx, orderId).catch(() => null);
  if (payment?.captureStatus === AUTHORIZED_CAPTURE_STATUS) throw new DomainError(HELD_PAYMENT_MESSAGES.held, 'id');
}

/**
 * Step 1 of taking a held payment, in the confirmation's transaction (the order locked): queues
 * the charge of a held saved card or the capture of an authorisation. Returns the payment's id
 * and gateway, or null when nothing is held.
 */
export async function queueHeldCharge(ctx: ServiceContext, orderId: number): Promise<{ paymentId: number; gateway: string } | null> {
  const payment = await lockActivePayment(ctx, orderId).catch(() => null);
  if (!payment || !awaitsHeldCharge(payment)) return null;
  await queueProviderStep(ctx, payment.id, 'held');
  return { paymentId: payment.id, gateway: payment.gateway };
}
