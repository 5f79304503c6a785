// One refund through the payment's provider, shared by staff refunds (staff-payments.service.ts)
// and the refund of a payment that came after its order expired (late-payment-refunds.ts).
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { ProviderEvent, RefundRequest } from './gateway';
import { findGateway } from './gateways';
import { recordPaymentEvent, type RecordedEvent } from './payment-events.service';
import { updateRefund } from './payment-refunds';
import { SettleByHand } from './provider';
import type { PaymentRow } from './payments.service';

/**
 * Asks the payment's provider to give `request.amount` back. Answers the provider's event, or
 * 'byHand' when it cannot: no provider session (Bank Deposit, Cash on Delivery), an API without
 * refunds (Dragonpay, iPay88), or a sandbox session with nothing captured. A refusal
 * (ProviderRefused) or a provider that did not answer throws: nothing was given back.
 */
export async function refundAtProvider(
  ctx: ServiceContext,
  payment: PaymentRow,
  request: RefundRequest,
): Promise<ProviderEvent | 'byHand'> {
  const gateway = findGateway(payment.gateway);
  if (!gateway?.refund || !payment.provider || !payment.providerReference) return 'byHand';
  try {
    return await gateway.refund(ctx, payment, request);
  } catch (error) {
    if (error instanceof SettleByHand || error instanceof DomainError) return 'byHand';
    throw error;
  }
}

/**
 * Ties the provider's refund to its payment_refunds row (so a later notice of it finds the row)
 * and records the provider's answer in the ledger, which completes the row (COMPLETED) or leaves
 * it PENDING until the provider's notice.
 */
export async function recordProviderRefund(
  ctx: ServiceContext,
  refundRowId: number,
  event: ProviderEvent,
): Promise<RecordedEvent> {
  const refundId = event.refundId ?? event.eventId;
  await updateRefund(ctx, refundRowId, {
    provider: event.provider,
    providerRefundId: refundId,
  });
  return recordPaymentEvent(ctx, { ...event, refundId });
}
