// iPay88 as the host of 'iPay88' payments (provider-registry.ts): the browser posts the signed
// request (generateIpay88Signature) to iPay88's entry page; the backend post and the shopper's
// response are checked by their signature, and a paid one is re-queried before it counts.
import type { Config } from '../../../../config';
import type { ServiceContext } from '../../../../graphql/context';
import type { ProviderEvent } from '../../gateways/gateway';
import { InboundRejected, SettleByHand, type InboundRequest, type PaymentProvider } from '../provider';
import { paymentOfOrderReference } from '../provider-lookup';
import { createIpay88Client, requestSignature, type Ipay88Response } from './client';

export const IPAY88_PROVIDER = 'ipay88';

export function createIpay88Provider(settings: NonNullable<Config['providers']['ipay88']>): PaymentProvider {
  const client = createIpay88Client(settings);
  const entryUrl = `${settings.baseUrl.replace(/\/$/, '')}/epayment/entry.asp`;

  async function eventOf(request: InboundRequest, ctx: ServiceContext): Promise<ProviderEvent> {
    const fields: Ipay88Response = request.rawBody.length > 0 ? Object.fromEntries(new URLSearchParams(request.rawBody.toString('utf8'))) : request.query;
    const response = client.verifyResponse(fields);
    if (!response.genuine) throw new InboundRejected(401, 'bad signature');
    // iPay88's RefNo is the order's reference key (generateIpay88Signature).
    const payment = await paymentOfOrderReference(ctx, response.refNo);
    let paid = response.paid;
    if (paid) paid = (await client.requery(response.refNo, response.amount)).paid;
    const cancelled = !paid && /cancel/i.test(response.error);
    return {
      provider: IPAY88_PROVIDER,
      // A paid post the re-query does not confirm yet is only pending; a later confirmed one applies.
      eventId: `${response.transId || response.refNo}:${fields.Status ?? ''}${response.paid && !paid ? ':unconfirmed' : ''}`,
      type: paid ? 'PAID' : response.paid ? 'PENDING' : cancelled ? 'CANCELLED' : 'DECLINED',
      paymentId: payment.id,
      orderReference: response.refNo,
      amount: response.amount,
      currency: response.currency,
      payload: { ...fields },
    };
  }

  return {
    name: IPAY88_PROVIDER,
    acknowledgement: client.backendAnswer,
    ipay88: {
      merchantCode: settings.merchantCode,
      entryUrl,
      signatureType: 'SHA256',
      sign: (f) => requestSignature(settings.merchantKey, { MerchantCode: f.merchantCode, RefNo: f.refNo, Amount: f.amount, Currency: f.currency }),
    },

    // The session is the form the browser posts; iPay88 knows the payment by the order's RefNo.
    async createSession(_ctx, input) {
      return { provider: IPAY88_PROVIDER, reference: input.orderReference, redirectUrl: entryUrl };
    },

    async capture() {
      throw new SettleByHand('iPay88', 'capture');
    },
    async void() {
      throw new SettleByHand('iPay88', 'void');
    },
    async refund() {
      throw new SettleByHand('iPay88', 'refund');
    },

    parseWebhook: (request, ctx) => eventOf(request, ctx),

    async parseReturn(request, ctx) {
      const event = await eventOf({ ...request, rawBody: Buffer.alloc(0) }, ctx);
      return { event, approved: event.type === 'PAID', paymentId: event.paymentId, gateway: 'iPay88' };
    },
  };
}
