// PayPal as the host of 'Paypal Checkout' payments (provider-registry.ts): an Orders v2 order
// per session (the approve link is where the shopper pays), the shop's capture after approval
// (or, for a pre-order, an authorisation captured at orderConfirm and voided on cancel, ADR 040),
// refunds of its capture (Payments v2), and webhooks verified by PayPal itself (verify-webhook-signature).
import type { Config } from '../../../../config';
import type { ServiceContext } from '../../../../graphql/context';
import type { ProviderEvent } from '../../gateways/gateway';
import { InboundRejected, ProviderRefused, type PaymentProvider } from '../provider';
import { centavosOf, ProviderError } from '../http';
import { paymentIdOfRefund, paymentOfSession } from '../provider-lookup';
import { createPaypalClient, type PaypalAuthorization, type PaypalWebhookHeaders } from './client';

export const PAYPAL_PROVIDER = 'paypal';

type PaypalWebhook = {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
};

/** Notices about a refund (its resource is the refund): what its status means for the ledger. */
const REFUND_NOTICES = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.REFUND.PENDING', 'PAYMENT.REFUND.FAILED', 'PAYMENT.REFUND.DENIED', 'PAYMENT.REFUND.CANCELLED']);
const REFUND_STATUS_TYPES: Record<string, ProviderEvent['type']> = {
  COMPLETED: 'REFUNDED',
  PENDING: 'PENDING',
  FAILED: 'REFUND_FAILED',
  DENIED: 'REFUND_FAILED',
  CANCELLED: 'REFUND_FAILED',
};

/**
 * A refund notice as a ledger event. The refund names its capture, not the order: the payment is
 * the one our refund of that id belongs to, else (a refund made in PayPal's dashboard) the
 * order's id when PayPal gives it. A completed refund has the event id of our own refund call's
 * answer (the two are one event).
 */
async function refundNotice(ctx: ServiceContext, event: PaypalWebhook): Promise<ProviderEvent> {
  const resource = event.resource!;
  const status = resource.status ?? (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'COMPLETED' : event.event_type!.slice('PAYMENT.REFUND.'.length));
  const type = REFUND_STATUS_TYPES[status];
  if (!type) throw new InboundRejected(400, 'unsupported refund status');
  const paymentId = (await paymentIdOfRefund(ctx, PAYPAL_PROVIDER, resource.id!)) ?? (await paymentOfSession(ctx, PAYPAL_PROVIDER, resource.supplementary_data?.related_ids?.order_id ?? '')).id;
  const amount = resource.amount?.value ? centavosOf(resource.amount.value) : null;
  const eventIds: Record<string, string> = { REFUNDED: `PAYMENT.CAPTURE.REFUNDED:${resource.id}`, PENDING: `refund-pending:${resource.id}`, REFUND_FAILED: `refund-failed:${resource.id}` };
  return {
    provider: PAYPAL_PROVIDER,
    eventId: eventIds[type]!,
    type,
    paymentId,
    orderReference: null,
    amount: type === 'PENDING' ? null : amount,
    currency: type === 'PENDING' ? null : (resource.amount?.currency_code ?? null),
    payload: event as Record<string, unknown>,
    refundId: resource.id!,
  };
}

const EVENT_TYPES: Record<string, ProviderEvent['type']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'PAID',
  'PAYMENT.CAPTURE.DENIED': 'DECLINED',
  'PAYMENT.CAPTURE.DECLINED': 'DECLINED',
  'PAYMENT.CAPTURE.PENDING': 'PENDING',
  'CHECKOUT.ORDER.APPROVED': 'PENDING',
  // An authorisation's own notices (its resource is the authorisation; ADR 040).
  'PAYMENT.AUTHORIZATION.CREATED': 'AUTHORIZED',
  'PAYMENT.AUTHORIZATION.VOIDED': 'VOIDED',
};

/** Event ids shared by PayPal's answers and its webhooks about the same authorisation, so the two are one event. */
const authorizationEventId = (type: 'AUTHORIZED' | 'VOIDED', authorizationId: string) =>
  type === 'AUTHORIZED' ? `authorization:${authorizationId}` : `authorization-voided:${authorizationId}`;

/** Authorisations PayPal may still capture or void. */
const HELD: readonly PaypalAuthorization['status'][] = ['CREATED', 'PENDING'];

export function createPaypalProvider(settings: NonNullable<Config['providers']['paypal']>): PaymentProvider {
  const client = createPaypalClient(settings);

  /**
   * Captures an AUTHORIZE order's money at orderConfirm (ADR 040): its authorisation (made now if
   * the shopper's return never made one); one that lapsed is reauthorised first, and if PayPal
   * will not renew it the event is EXPIRED: nothing was charged and the customer must pay again.
   */
  async function captureAuthorized(reference: string, paymentId: number, held: PaypalAuthorization | null): Promise<ProviderEvent> {
    const base = { provider: PAYPAL_PROVIDER, paymentId, orderReference: null };
    let authorization = held;
    if (!authorization) {
      const made = await client.authorizeOrder(reference);
      if ('refused' in made) return { ...base, eventId: `authorization-declined:${reference}`, type: 'DECLINED', amount: null, currency: null, payload: made };
      authorization = made.authorization;
    }
    let result = await client.captureAuthorization(authorization.id);
    const renewals: unknown[] = [];
    if (result.outcome === 'EXPIRED' || authorization.status === 'EXPIRED') {
      const renewed = await client.reauthorize(authorization.id);
      renewals.push(renewed);
      if ('refused' in renewed) {
        return { ...base, eventId: `authorization-expired:${authorization.id}`, type: 'EXPIRED', amount: null, currency: null, payload: { authorization: authorization.id, capture: result, reauthorize: renewed } };
      }
      authorization = renewed.authorization;
      result = await client.captureAuthorization(authorization.id);
    }
    const payload = { authorization: authorization.id, capture: result, renewals } as unknown as Record<string, unknown>;
    if (result.outcome === 'COMPLETED') {
      // The same id as the PAYMENT.CAPTURE.COMPLETED webhook's, so the two are one event.
      return { ...base, eventId: `capture:${result.captureId}`, type: 'PAID', amount: result.amount, currency: result.currency, payload };
    }
    if (result.outcome === 'PENDING') return { ...base, eventId: `pending:${result.captureId}`, type: 'PENDING', amount: null, currency: null, payload };
    if (result.outcome === 'EXPIRED') return { ...base, eventId: `authorization-expired:${authorization.id}`, type: 'EXPIRED', amount: null, currency: null, payload };
    // DECLINED, or refused (voided, captured elsewhere): nothing was taken now.
    return { ...base, eventId: `authorization-declined:${authorization.id}`, type: 'DECLINED', amount: null, currency: null, payload };
  }

  return {
    name: PAYPAL_PROVIDER,

    async createSession(_ctx, input) {
      const order = await client.createOrder({
        referenceId: String(input.paymentId),
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}outcome=cancelled`,
        intent: input.authorizeOnly ? 'AUTHORIZE' : 'CAPTURE',
      });
      if (!order.approveUrl) throw new ProviderError('PayPal', 0, 'order without an approve link');
      return { provider: PAYPAL_PROVIDER, reference: order.id, redirectUrl: order.approveUrl };
    },

    // The approval of an AUTHORIZE order becomes an authorisation: PayPal holds the money.
    async authorize(_ctx, reference, paymentId) {
      const result = await client.authorizeOrder(reference);
      const base = { provider: PAYPAL_PROVIDER, paymentId, orderReference: null, payload: result as unknown as Record<string, unknown> };
      if ('refused' in result) return { ...base, eventId: `authorization-declined:${reference}`, type: 'DECLINED', amount: null, currency: null };
      const { authorization } = result;
      if (authorization.status !== 'CREATED') return { ...base, eventId: `authorization-${authorization.status.toLowerCase()}:${authorization.id}`, type: authorization.status === 'DENIED' ? 'DECLINED' : 'PENDING', amount: null, currency: null };
      return { ...base, eventId: authorizationEventId('AUTHORIZED', authorization.id), type: 'AUTHORIZED', amount: authorization.amount, currency: authorization.currency };
    },

    async capture(_ctx, reference, paymentId) {
      const order = await client.getOrder(reference);
      if (order.intent === 'AUTHORIZE') return captureAuthorized(reference, paymentId, order.authorization);
      const result = await client.captureOrder(reference);
      const base = { provider: PAYPAL_PROVIDER, paymentId, orderReference: null, payload: result as unknown as Record<string, unknown> };
      if (result.outcome === 'COMPLETED') {
        // The same id as the PAYMENT.CAPTURE.COMPLETED webhook's, so the two are one event.
        return { ...base, eventId: `capture:${result.captureId}`, type: 'PAID', amount: result.amount, currency: result.currency };
      }
      if (result.outcome === 'DECLINED') return { ...base, eventId: `declined:${reference}`, type: 'DECLINED', amount: null, currency: null };
      return { ...base, eventId: `pending:${result.captureId}`, type: 'PENDING', amount: null, currency: null };
    },

    // An authorisation is released at PayPal; an approved but unauthorised, uncaptured order
    // simply lapses: nothing to call.
    async void(_ctx, reference, paymentId) {
      const order = await client.getOrder(reference);
      const held = order.authorization && HELD.includes(order.authorization.status) ? order.authorization : null;
      if (!held) {
        return { provider: PAYPAL_PROVIDER, eventId: `void:${reference}`, type: 'VOIDED', paymentId, orderReference: null, amount: null, currency: null, payload: { order: reference } };
      }
      const result = await client.voidAuthorization(held.id, `void-${held.id}`);
      if ('refused' in result) throw new ProviderRefused('PayPal', 'void', result.refused);
      return {
        provider: PAYPAL_PROVIDER,
        eventId: authorizationEventId('VOIDED', held.id),
        type: 'VOIDED',
        paymentId,
        orderReference: null,
        amount: null,
        currency: null,
        payload: { order: reference, authorization: held.id },
      };
    },

    // The request's amount of the capture back to the buyer (PayPal-Request-Id: the refund
    // row's, so a retry refunds once). COMPLETED is the same event as PayPal's
    // PAYMENT.CAPTURE.REFUNDED webhook (its resource is the refund); PENDING moves nothing until
    // that webhook comes (matched by the refund id); a refusal throws ProviderRefused.
    async refund(_ctx, reference, paymentId, request) {
      const order = await client.getOrder(reference);
      if (!order.captureId) throw new ProviderRefused('PayPal', 'refund', 'ORDER_NOT_CAPTURED');
      const result = await client.refundCapture(order.captureId, {
        amount: request.amount,
        requestId: request.requestId,
        noteToPayer: request.reason || 'Refund of your Suki order',
      });
      if (result.outcome === 'REFUSED') throw new ProviderRefused('PayPal', 'refund', result.issue);
      const base = { provider: PAYPAL_PROVIDER, paymentId, orderReference: null, amount: result.amount, currency: result.currency, payload: result as unknown as Record<string, unknown>, refundId: result.refundId };
      if (result.outcome === 'PENDING') return { ...base, eventId: `refund-pending:${result.refundId}`, type: 'PENDING', amount: null, currency: null };
      return { ...base, eventId: `PAYMENT.CAPTURE.REFUNDED:${result.refundId}`, type: 'REFUNDED' };
    },

    async parseWebhook(request, ctx) {
      if (!settings.webhookId) throw new InboundRejected(401, 'PAYPAL_WEBHOOK_ID is not configured');
      const raw = request.rawBody.toString('utf8');
      const genuine = await client.verifyWebhook(settings.webhookId, request.headers as PaypalWebhookHeaders, raw);
      if (!genuine) throw new InboundRejected(401, 'bad signature');
      const event = JSON.parse(raw) as PaypalWebhook;
      const resource = event.resource;
      if (REFUND_NOTICES.has(event.event_type ?? '') && resource?.id) return refundNotice(ctx, event);
      const type = EVENT_TYPES[event.event_type ?? ''];
      if (!type || !resource?.id) throw new InboundRejected(400, 'unsupported event');
      const orderId = event.event_type!.startsWith('CHECKOUT.ORDER.') ? resource.id : resource.supplementary_data?.related_ids?.order_id;
      const payment = await paymentOfSession(ctx, PAYPAL_PROVIDER, orderId ?? '');
      const amount = resource.amount?.value ? centavosOf(resource.amount.value) : null;
      const authorization = event.event_type!.startsWith('PAYMENT.AUTHORIZATION.');
      // A VOIDED notice states no amount the ledger must check: PayPal's resource repeats the authorised one.
      const stated = type === 'PENDING' || (authorization && type === 'VOIDED') ? null : amount;
      return {
        provider: PAYPAL_PROVIDER,
        eventId:
          type === 'PAID' ? `capture:${resource.id}` : authorization ? authorizationEventId(type as 'AUTHORIZED' | 'VOIDED', resource.id) : `${event.event_type}:${resource.id}`,
        type,
        paymentId: payment.id,
        orderReference: null,
        amount: stated,
        currency: stated === null ? null : (resource.amount?.currency_code ?? null),
        payload: event as Record<string, unknown>,
      };
    },

    // PayPal sends the shopper to /payment/paypal, where the storefront captures.
    parseReturn() {
      throw new InboundRejected(400, 'PayPal returns to /payment/paypal');
    },
  };
}
