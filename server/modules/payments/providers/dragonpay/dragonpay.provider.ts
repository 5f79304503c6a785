// Dragonpay as the host of TendoPay and GrabPay payments (provider-registry.ts): a signed
// Pay.aspx URL per session, postbacks and returns checked by their digest, and a paid notice
// confirmed with Dragonpay's status inquiry before the shop believes it.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../../config';
import type { ServiceContext } from '../../../../graphql/context';
import type { PaymentEventType } from '../../payments.tables';
import type { ProviderEvent } from '../../gateways/gateway';
import { InboundRejected, SettleByHand, type InboundRequest, type PaymentProvider } from '../provider';
import { paymentOfSession } from '../provider-lookup';
import { createDragonpayClient, type DragonpayStatus } from './client';

export const DRAGONPAY_PROVIDER = 'dragonpay';

/** Dragonpay's channel (procid) per gateway; without one the shopper picks on Dragonpay's page. */
const PROCID: Record<string, string> = { GrabPay: 'GRPY' };

const EVENT_TYPES: Record<DragonpayStatus, PaymentEventType> = {
  S: 'PAID',
  F: 'DECLINED',
  P: 'PENDING',
  U: 'PENDING',
  A: 'PENDING',
  R: 'REFUNDED',
  K: 'CANCELLED',
  V: 'CANCELLED',
};

export function createDragonpayProvider(settings: NonNullable<Config['providers']['dragonpay']>): PaymentProvider {
  const client = createDragonpayClient(settings);

  async function eventOf(request: InboundRequest, ctx: ServiceContext): Promise<{ event: ProviderEvent; gateway: string }> {
    const fields = request.rawBody.length > 0 ? Object.fromEntries(new URLSearchParams(request.rawBody.toString('utf8'))) : request.query;
    const notice = client.verifyNotice(fields);
    if (!notice.genuine) throw new InboundRejected(401, 'bad digest');
    // A txnid is ours only if we made a session with it (its digest bound the amount we asked).
    const payment = await paymentOfSession(ctx, DRAGONPAY_PROVIDER, notice.txnid);
    let status = notice.status;
    if (status === 'S' && (await client.status(notice.txnid)) !== 'S') status = 'P';
    const type = EVENT_TYPES[status];
    return {
      gateway: payment.gateway,
      event: {
        provider: DRAGONPAY_PROVIDER,
        eventId: `${notice.txnid}:${notice.refno}:${status}`,
        type,
        paymentId: payment.id,
        orderReference: null,
        // Dragonpay's notices state no amount: the one signed into this txnid's payment URL.
        amount: type === 'PAID' || type === 'REFUNDED' ? payment.total : null,
        currency: type === 'PAID' || type === 'REFUNDED' ? payment.currency : null,
        payload: { ...notice },
      },
    };
  }

  return {
    name: DRAGONPAY_PROVIDER,
    acknowledgement: client.postbackAnswer,

    async createSession(_ctx, input) {
      // One txnid per session: a payment reopened after a decline is a new Dragonpay transaction.
      const txnid = `${input.paymentId}-${randomBytes(4).toString('hex').toUpperCase()}`;
      const redirectUrl = client.paymentUrl({
        txnid,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        email: input.customerEmail,
        procid: PROCID[input.gateway],
      });
      return { provider: DRAGONPAY_PROVIDER, reference: txnid, redirectUrl };
    },

    async capture() {
      throw new SettleByHand('Dragonpay', 'capture');
    },
    async void() {
      throw new SettleByHand('Dragonpay', 'void');
    },
    async refund() {
      throw new SettleByHand('Dragonpay', 'refund');
    },

    parseWebhook: async (request, ctx) => (await eventOf(request, ctx)).event,

    async parseReturn(request, ctx) {
      const { event, gateway } = await eventOf({ ...request, rawBody: Buffer.alloc(0) }, ctx);
      return { event, approved: event.type === 'PAID', paymentId: event.paymentId, gateway };
    },
  };
}
