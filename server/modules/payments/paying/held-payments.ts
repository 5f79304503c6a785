// Payments held until staff confirm the order (docs/product/cart-and-checkout.md#pre-orders: a pre-order is never charged before
// it is confirmed; ADR 040). PayPal authorised the pre-order's amount when the shopper approved
// it; orderConfirm captures that authorisation here, in the confirmation's transaction (as the
// held saved card is charged, payments-staff.service.ts chargeHeldCard). An authorisation that
// lapsed is renewed by the provider when PayPal allows it; when it does not, nothing is charged,
// the payment is left FAILED for the customer to pay again (Pay Now) and the caller tells staff
// and the customer. Cancel and reject void the authorisation (settleCancelledOrderPayment).
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { findGateway } from '../gateways/gateways';
import { AUTHORIZED_CAPTURE_STATUS, recordPaymentEvent } from '../payment-events.service';
import { lockActivePayment } from '../payments-staff.service';

export const HELD_PAYMENT_MESSAGES = {
  notCaptured: 'The payment provider did not answer, so the held payment was not captured and the order not confirmed. Please try again.',
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
 * captured: the held money is taken (FULLY_CHARGED). expired: the authorisation lapsed and could
 * not be renewed. declined: the provider refused to capture it. Both leave nothing charged.
 */
export type HeldCapture = { outcome: 'captured' | 'expired' | 'declined'; amount: number; gateway: string };

/**
 * Staff confirmed the order: captures its authorised payment, if it has one. Runs in the
 * confirmation's transaction with the order locked; a provider that does not answer fails the
 * confirmation (nothing moved, staff try again). Returns null when nothing was held.
 */
export async function captureHeldPayment(ctx: ServiceContext, orderId: number): Promise<HeldCapture | null> {
  const payment = await lockActivePayment(ctx, orderId).catch(() => null);
  if (!payment || payment.chargeStatus !== 'NOT_CHARGED' || payment.captureStatus !== AUTHORIZED_CAPTURE_STATUS) return null;
  const gateway = findGateway(payment.gateway);
  if (!gateway?.capture) return null;
  let event;
  try {
    event = await gateway.capture(ctx, payment);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id }, 'held payment not captured');
    throw new DomainError(HELD_PAYMENT_MESSAGES.notCaptured, 'id');
  }
  const recorded = await recordPaymentEvent(ctx, event);
  if (recorded.chargeStatus === 'FULLY_CHARGED') return { outcome: 'captured', amount: payment.total, gateway: payment.gateway };
  if (event.type === 'EXPIRED') return { outcome: 'expired', amount: payment.total, gateway: payment.gateway };
  if (event.type === 'PENDING') {
    // PayPal took the capture but has not finished it: its webhook moves the payment.
    return null;
  }
  return { outcome: 'declined', amount: payment.total, gateway: payment.gateway };
}
