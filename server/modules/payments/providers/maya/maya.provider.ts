// Maya as the host of 'Paymaya App' payments (provider-registry.ts): a hosted Checkout per
// session. Maya signs no notices, so a webhook or a return is only a hint: the payment it names
// is read back from Maya with the secret key, and that answer is the event.
import type { Config } from '../../../../config';
import type { ServiceContext } from '../../../../graphql/context';
import type { PaymentEventType } from '../../payments.tables';
import type { ProviderEvent } from '../../gateway';
import { InboundRejected, SettleByHand, type InboundRequest, type PaymentProvider } from '../../provider';
import { ProviderError } from '../http';
import { createMayaClient, type MayaPayment, type MayaPaymentStatus } from './client';

export const MAYA_PROVIDER = 'maya';

const EVENT_TYPES: Partial<Record<MayaPaymentStatus, PaymentEventType>> = {
  PAYMENT_SUCCESS: 'PAID',
  PAYMENT_FAILED: 'DECLINED',
  AUTH_FAILED: 'DECLINED',
  PAYMENT_CANCELLED: 'CANCELLED',
  PAYMENT_EXPIRED: 'CANCELLED',
  VOIDED: 'VOIDED',
  REFUNDED: 'REFUNDED',
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
    async void() {
      throw new SettleByHand('Maya', 'void');
    },
    async refund() {
      throw new SettleByHand('Maya', 'refund');
    },

    parseWebhook: (request) => eventOf(idOf(request)),

    async parseReturn(request) {
      const event = await eventOf(idOf(request));
      return { event, approved: event.type === 'PAID', paymentId: event.paymentId, gateway: 'Paymaya App' };
    },
  };
}
