// Maya as the host of 'Paymaya App' payments (provider-registry.ts): a hosted Checkout per
// session (Paymaya Checkout is a card gateway since ADR 042). Maya signs no notices, so a
// webhook or a return is only a hint: the payment it names is read back from Maya with the
// secret key, and that answer is the event. Voids and refunds (settleMayaPayment) serve every
// Maya gateway: Paymaya App here, Paymaya Vault, Checkout and On-demand through
// mayaCardSettlement.
import { eq } from 'drizzle-orm';
import type { Config } from '../../../../config';
import type { ServiceContext } from '../../../../graphql/context';
import type { PaymentEventType } from '../../payments.tables';
import type { ProviderEvent, RefundRequest } from '../../gateways/gateway';
import type { PaymentRow } from '../../payments.tables';
import { payments } from '../../payments.tables';
import { InboundRejected, ProviderRefused, SettleByHand, type InboundRequest, type PaymentProvider } from '../provider';
import { ProviderError } from '../http';
import { createMayaClient, type MayaClient, type MayaPayment, type MayaPaymentStatus } from './client';
import { mayaClient } from './maya-access';

export const MAYA_PROVIDER = 'maya';

const EVENT_TYPES: Partial<Record<MayaPaymentStatus, PaymentEventType>> = {
  PAYMENT_SUCCESS: 'PAID',
  PAYMENT_FAILED: 'DECLINED',
  AUTH_FAILED: 'DECLINED',
  PAYMENT_CANCELLED: 'CANCELLED',
  PAYMENT_EXPIRED: 'CANCELLED',
  VOIDED: 'VOIDED',
  REFUNDED: 'REFUNDED',
  // Waiting for the customer's 3-D Secure at its verificationUrl: only a held card's charge moves
  // on it (Paymaya Vault's authenticatingStatus, ADR 050); for other gateways it changes nothing.
  FOR_AUTHENTICATION: 'AUTHENTICATING',
};

/** Maya's word on one of its payments, as a ledger event (our payment id is its reference number). */
export function mayaPaymentEvent(payment: MayaPayment): ProviderEvent {
  const paymentId = Number(payment.requestReferenceNumber);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw new InboundRejected(400, 'not our payment');
  return {
    provider: MAYA_PROVIDER,
    eventId: `${payment.id}:${payment.status}`,
    type: EVENT_TYPES[payment.status] ?? 'PENDING',
    paymentId,
    orderReference: null,
    amount: payment.amount,
    currency: payment.currency,
    payload: payment as unknown as Record<string, unknown>,
  };
}

/** The calendar day in Manila (UTC+8), where Maya settles. */
const manilaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Maya's rule: a paid payment is voided while it is not yet settled (the day it was paid),
 * refunded afterwards. Maya says which (canVoid); when it does not, the day decides.
 */
export function mayaVoidable(payment: MayaPayment, now = new Date()): boolean {
  if (payment.canVoid !== null) return payment.canVoid;
  return payment.status === 'PAYMENT_SUCCESS' && payment.paymentAt !== null && manilaDay(new Date(payment.paymentAt)) === manilaDay(now);
}

/**
 * Gives a Maya payment's money back, or calls it off, through Maya's Payments API: a void the
 * same day (always the whole amount), a refund once settled (the request's amount: in whole or
 * in part). `action` is what the shop records: REFUNDED for a paid payment, VOIDED for one the
 * shop never counted as paid (voidOrderPayment). Nothing taken at Maya: nothing to void
 * (SettleByHand: staff's word). Maya's refusal throws ProviderRefused, and so does a refund in
 * part of a payment not yet settled (only a void, of everything, is possible then).
 *
 * `requestId` is the shop's idempotency key for this request (a refund row's, a payment's void):
 * Maya answers a repeated request with its first answer and gives nothing back twice. A payment
 * Maya reads as voided or refunded is asked again with the key too: a retransmission of ours
 * answers the refund we made; a refusal means it was given back some other way (Maya's dashboard).
 */
export async function settleMayaPayment(
  client: MayaClient,
  mayaPaymentId: string,
  paymentId: number,
  action: 'refund' | 'void',
  request?: Partial<RefundRequest>,
): Promise<ProviderEvent> {
  const payment = await client.getPayment(mayaPaymentId);
  const type: PaymentEventType = action === 'refund' ? 'REFUNDED' : 'VOIDED';
  const amount = request?.amount ?? payment.amount;
  const whole = amount >= payment.amount;
  const base = { provider: MAYA_PROVIDER, paymentId, orderReference: null, amount: whole ? payment.amount : amount, currency: payment.currency };
  const reason = request?.reason || (action === 'refund' ? 'Suki order refunded' : 'Suki order cancelled');
  const requestId = request?.requestId;
  const givenBack = payment.status === 'VOIDED' || payment.status === 'REFUNDED';
  if (givenBack && !requestId) {
    // Given back already (e.g. in Maya's dashboard): the same event as Maya's notice of it.
    return { ...base, amount: payment.amount, eventId: `${payment.id}:${payment.status}`, type, payload: payment as unknown as Record<string, unknown> };
  }
  if (!givenBack && payment.status !== 'PAYMENT_SUCCESS') {
    if (action === 'void') throw new SettleByHand('Maya', 'void');
    throw new ProviderRefused('Maya', action, `payment is ${payment.status}`);
  }
  // Voided: only a void (of everything) can have been ours; refunded: a refund (whole or the last part).
  const voiding = givenBack ? payment.status === 'VOIDED' : mayaVoidable(payment);
  if (voiding && !whole && !givenBack) throw new ProviderRefused('Maya', 'refund', 'a refund in part waits until Maya has settled the payment (the day after it was paid)');
  const settled = voiding
    ? await client.voidPayment(payment.id, reason, requestId)
    : await client.refundPayment(payment.id, { amount, currency: payment.currency, reason, requestId });
  if (settled.outcome === 'REFUSED') {
    if (givenBack) return { ...base, amount: payment.amount, eventId: `${payment.id}:${payment.status}`, type, payload: payment as unknown as Record<string, unknown> };
    throw new ProviderRefused('Maya', voiding ? 'void' : 'refund', `${settled.code}: ${settled.message}`);
  }
  const payload = { ...settled, via: voiding ? 'void' : 'refund' };
  if (settled.outcome === 'PENDING') return { ...base, eventId: `pending:${settled.id}`, type: 'PENDING', amount: null, currency: null, payload, refundId: settled.id };
  // The whole amount: Maya's own notice id (its payment turns VOIDED or REFUNDED); a part: the refund's id.
  const eventId = whole ? `${payment.id}:${voiding ? 'VOIDED' : 'REFUNDED'}` : `${payment.id}:refund:${settled.id}`;
  return { ...base, eventId, type, payload, refundId: settled.id };
}

/** A card gateway's refund or void (Paymaya Vault, On-demand) at the shop's Maya, real or sandbox. */
export function mayaCardSettlement(action: 'void'): (ctx: ServiceContext, payment: PaymentRow, request?: Partial<RefundRequest>) => Promise<ProviderEvent>;
export function mayaCardSettlement(action: 'refund'): (ctx: ServiceContext, payment: PaymentRow, request: RefundRequest) => Promise<ProviderEvent>;
export function mayaCardSettlement(action: 'refund' | 'void') {
  return async (ctx: ServiceContext, payment: PaymentRow, request?: Partial<RefundRequest>): Promise<ProviderEvent> => {
    const client = await mayaClient(ctx.config);
    if (!client || payment.provider !== MAYA_PROVIDER || !payment.providerReference) throw new SettleByHand('Maya', action);
    return settleMayaPayment(client, payment.providerReference, payment.id, action, request);
  };
}

export function createMayaProvider(config: Config, settings: NonNullable<Config['providers']['maya']>): PaymentProvider {
  const client = createMayaClient(settings);

  /** Maya's word on the payment `id`, as a ledger event. */
  async function eventOf(id: string): Promise<ProviderEvent> {
    if (!id || id.length > 100) throw new InboundRejected(400, 'no payment id');
    let payment;
    try {
      payment = await client.getPayment(id);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) throw new InboundRejected(400, 'unknown payment');
      throw error;
    }
    return mayaPaymentEvent(payment);
  }
  const idOf = (request: InboundRequest) => {
    if (request.query.id) return request.query.id;
    try {
      return String((JSON.parse(request.rawBody.toString('utf8')) as { id?: unknown }).id ?? '');
    } catch {
      throw new InboundRejected(400, 'malformed notice');
    }
  };

  return {
    name: MAYA_PROVIDER,

    async createSession(_ctx: ServiceContext, input) {
      const back = (outcome: string) => `${config.publicUrl}/webhooks/${MAYA_PROVIDER}/return?outcome=${outcome}`;
      const checkout = await client.createCheckout({
        amount: input.amount,
        requestReferenceNumber: String(input.paymentId),
        redirectUrl: { success: back('success'), failure: back('failure'), cancel: back('cancel') },
        buyer: { email: input.customerEmail },
        items: [{ name: input.description, quantity: 1, totalAmount: input.amount }],
      });
      return { provider: MAYA_PROVIDER, reference: checkout.checkoutId, redirectUrl: checkout.redirectUrl };
    },

    async capture() {
      throw new SettleByHand('Maya', 'capture');
    },
    // Maya's checkoutId is also the id of the payment behind it.
    void: (_ctx, reference, paymentId, request) => settleMayaPayment(client, reference, paymentId, 'void', request),
    refund: (_ctx, reference, paymentId, request) => settleMayaPayment(client, reference, paymentId, 'refund', request),

    parseWebhook: (request) => eventOf(idOf(request)),

    async parseReturn(request, ctx) {
      const event = await eventOf(idOf(request));
      // The gateway of the payment Maya names (Paymaya App; a hosted payment made before ADR 042 may be Paymaya Checkout's).
      const [row] = await ctx.db.select({ gateway: payments.gateway }).from(payments).where(eq(payments.id, event.paymentId));
      if (!row) throw new InboundRejected(400, 'unknown payment');
      return { event, approved: event.type === 'PAID', paymentId: event.paymentId, gateway: row.gateway };
    },
  };
}
