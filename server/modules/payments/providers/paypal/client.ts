// PayPal REST: OAuth2 client-credentials token, Orders v2 (create with an approve link,
// capture or authorise, read), Payments v2 authorisations (capture, reauthorise, void, ADR 040),
// capture refunds and webhook signature verification (v1/notifications).
import { randomUUID } from 'node:crypto';
import { ProviderError, centavosOf, pesos, providerFetch, providerJson } from '../http';

export type PaypalConfig = { clientId: string; clientSecret: string; baseUrl: string };

export type PaypalIntent = 'CAPTURE' | 'AUTHORIZE';

/** An authorisation of an AUTHORIZE order: PayPal holds the buyer's money until it is captured or voided. */
export type PaypalAuthorization = {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'DENIED' | 'EXPIRED' | 'PARTIALLY_CAPTURED' | 'VOIDED' | 'PENDING';
  amount: number | null;
  currency: string | null;
  /** When PayPal stops honouring it (29 days after the buyer's approval). */
  expirationTime: string | null;
};

export type PaypalOrder = {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  intent: PaypalIntent;
  /** Where the buyer approves the payment (the link with rel "approve"). */
  approveUrl: string | null;
  /** The capture of a completed order (what a refund refunds). */
  captureId: string | null;
  /** The newest authorisation of an AUTHORIZE order (a reauthorisation is newer than the one it renews). */
  authorization: PaypalAuthorization | null;
};

/** What capturing an authorisation came to; an expired or refused one is an outcome, not an exception. */
export type PaypalAuthorizationCapture =
  | { outcome: 'COMPLETED'; captureId: string; amount: number; currency: string }
  | { outcome: 'PENDING'; captureId: string }
  | { outcome: 'DECLINED' | 'EXPIRED' | 'REFUSED'; issue: string };

/** PayPal's answer to a refund: COMPLETED or PENDING (money on its way), or refused (422, FAILED, CANCELLED). */
export type PaypalRefund =
  | { outcome: 'COMPLETED' | 'PENDING'; refundId: string; captureId: string; amount: number | null; currency: string | null }
  | { outcome: 'REFUSED'; captureId: string; issue: string };

export type PaypalCapture =
  | { outcome: 'COMPLETED'; orderId: string; captureId: string; amount: number; currency: string; referenceId: string | null }
  | { outcome: 'PENDING'; orderId: string; captureId: string }
  | { outcome: 'DECLINED'; orderId: string; issue: string };

type Link = { href: string; rel: string; method?: string };
type MoneyBody = { currency_code: string; value: string };
type AuthorizationBody = { id: string; status: PaypalAuthorization['status']; amount?: MoneyBody; expiration_time?: string };
type OrderBody = {
  id: string;
  status: PaypalOrder['status'];
  intent?: PaypalIntent;
  links?: Link[];
  purchase_units?: {
    reference_id?: string;
    payments?: {
      captures?: { id: string; status: string; amount: MoneyBody }[];
      authorizations?: AuthorizationBody[];
    };
  }[];
};

const authorizationOf = (body: AuthorizationBody): PaypalAuthorization => ({
  id: body.id,
  status: body.status,
  amount: body.amount ? centavosOf(body.amount.value) : null,
  currency: body.amount?.currency_code ?? null,
  expirationTime: body.expiration_time ?? null,
});

const issueOf = (body: unknown) => (body as { details?: { issue?: string }[] }).details?.[0]?.issue ?? 'UNPROCESSABLE_ENTITY';

export type PaypalWebhookHeaders = {
  'paypal-auth-algo'?: string;
  'paypal-cert-url'?: string;
  'paypal-transmission-id'?: string;
  'paypal-transmission-sig'?: string;
  'paypal-transmission-time'?: string;
};

const orderOf = (order: OrderBody): PaypalOrder => {
  const authorizations = order.purchase_units?.[0]?.payments?.authorizations ?? [];
  const newest = authorizations[authorizations.length - 1];
  return {
    id: order.id,
    status: order.status,
    intent: order.intent ?? (authorizations.length > 0 ? 'AUTHORIZE' : 'CAPTURE'),
    approveUrl: order.links?.find((l) => l.rel === 'approve')?.href ?? null,
    captureId: order.purchase_units?.[0]?.payments?.captures?.[0]?.id ?? null,
    authorization: newest ? authorizationOf(newest) : null,
  };
};

export function createPaypalClient(config: PaypalConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const body = await providerJson<{ access_token: string; expires_in: number }>('PayPal', `${base}/v1/oauth2/token`, {
      headers: { authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  }

  async function authorized(path: string, body?: unknown, requestId?: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
    // PayPal-Request-Id makes a retried create or capture idempotent on PayPal's side.
    if (requestId) headers['paypal-request-id'] = requestId;
    return providerFetch('PayPal', `${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
  }

  return {
    accessToken,

    /**
     * Creates an order to be approved by the buyer; the amount is in centavos. AUTHORIZE: the
     * approval is then authorised (authorizeOrder) and captured later (captureAuthorization).
     */
    async createOrder(input: {
      referenceId: string;
      amount: number;
      currency?: string;
      description?: string;
      returnUrl: string;
      cancelUrl: string;
      requestId?: string;
      intent?: PaypalIntent;
    }): Promise<PaypalOrder> {
      const res = await authorized(
        '/v2/checkout/orders',
        {
          intent: input.intent ?? 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.referenceId,
              description: input.description,
              amount: { currency_code: input.currency ?? 'PHP', value: pesos(input.amount) },
            },
          ],
          application_context: {
            brand_name: 'Suki',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
        input.requestId ?? randomUUID(),
      );
      if (res.status !== 200 && res.status !== 201) {
        throw new ProviderError('PayPal', res.status, 'order not created', res.body);
      }
      const order = res.body as OrderBody;
      return orderOf(order);
    },

    /** Captures an approved order. A declined instrument is an outcome, not an exception. */
    async captureOrder(orderId: string, requestId?: string): Promise<PaypalCapture> {
      const res = await authorized(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId ?? `capture-${orderId}`);
      if (res.status === 422) {
        const issue = (res.body as { details?: { issue?: string }[] }).details?.[0]?.issue ?? 'UNPROCESSABLE_ENTITY';
        return { outcome: 'DECLINED', orderId, issue };
      }
      if (res.status !== 200 && res.status !== 201) {
        throw new ProviderError('PayPal', res.status, 'capture failed', res.body);
      }
      const order = res.body as OrderBody;
      const unit = order.purchase_units?.[0];
      const capture = unit?.payments?.captures?.[0];
      if (!capture) throw new ProviderError('PayPal', res.status, 'capture answer without a capture', res.body);
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { outcome: 'DECLINED', orderId, issue: capture.status };
      if (capture.status !== 'COMPLETED') return { outcome: 'PENDING', orderId, captureId: capture.id };
      return {
        outcome: 'COMPLETED',
        orderId,
        captureId: capture.id,
        amount: centavosOf(capture.amount.value),
        currency: capture.amount.currency_code,
        referenceId: unit?.reference_id ?? null,
      };
    },

    /**
     * Authorises an approved AUTHORIZE order (POST /v2/checkout/orders/{id}/authorize): PayPal
     * holds the amount and nothing is charged. A refusal (422, e.g. INSTRUMENT_DECLINED) is `refused`.
     */
    async authorizeOrder(orderId: string, requestId?: string): Promise<{ authorization: PaypalAuthorization } | { refused: string }> {
      const res = await authorized(`/v2/checkout/orders/${encodeURIComponent(orderId)}/authorize`, {}, requestId ?? `authorize-${orderId}`);
      if (res.status === 422) return { refused: issueOf(res.body) };
      if (res.status !== 200 && res.status !== 201) throw new ProviderError('PayPal', res.status, 'authorization failed', res.body);
      const order = orderOf(res.body as OrderBody);
      if (!order.authorization) throw new ProviderError('PayPal', res.status, 'authorize answer without an authorization', res.body);
      return { authorization: order.authorization };
    },

    /**
     * Captures an authorisation in full (POST /v2/payments/authorizations/{id}/capture,
     * final_capture). PayPal's 422 AUTHORIZATION_EXPIRED is EXPIRED; other 422s are REFUSED.
     */
    async captureAuthorization(authorizationId: string, requestId?: string): Promise<PaypalAuthorizationCapture> {
      const res = await authorized(
        `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/capture`,
        { final_capture: true },
        requestId ?? `capture-${authorizationId}`,
      );
      if (res.status === 422) {
        const issue = issueOf(res.body);
        return { outcome: issue === 'AUTHORIZATION_EXPIRED' ? 'EXPIRED' : issue === 'INSTRUMENT_DECLINED' ? 'DECLINED' : 'REFUSED', issue };
      }
      if (res.status !== 200 && res.status !== 201) throw new ProviderError('PayPal', res.status, 'authorization capture failed', res.body);
      const capture = res.body as { id: string; status: string; amount?: MoneyBody };
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { outcome: 'DECLINED', issue: capture.status };
      if (capture.status !== 'COMPLETED' || !capture.amount) return { outcome: 'PENDING', captureId: capture.id };
      return { outcome: 'COMPLETED', captureId: capture.id, amount: centavosOf(capture.amount.value), currency: capture.amount.currency_code };
    },

    /**
     * Renews an authorisation past its three-day honour period, within 29 days of the buyer's
     * approval (POST /v2/payments/authorizations/{id}/reauthorize): a new authorisation, or the
     * issue PayPal refused it with (422, e.g. AUTHORIZATION_EXPIRED after 29 days).
     */
    async reauthorize(authorizationId: string, requestId?: string): Promise<{ authorization: PaypalAuthorization } | { refused: string }> {
      const res = await authorized(`/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/reauthorize`, {}, requestId ?? `reauthorize-${authorizationId}`);
      if (res.status === 422) return { refused: issueOf(res.body) };
      if (res.status !== 200 && res.status !== 201) throw new ProviderError('PayPal', res.status, 'reauthorization failed', res.body);
      return { authorization: authorizationOf(res.body as AuthorizationBody) };
    },

    /** Releases an authorisation (POST /v2/payments/authorizations/{id}/void): nothing can be captured from it any more. */
    async voidAuthorization(authorizationId: string, requestId?: string): Promise<{ voided: true } | { refused: string }> {
      const res = await authorized(`/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/void`, {}, requestId ?? `void-${authorizationId}`);
      if (res.status === 422) return { refused: issueOf(res.body) };
      if (res.status !== 200 && res.status !== 204) throw new ProviderError('PayPal', res.status, 'void failed', res.body);
      return { voided: true };
    },

    async getOrder(orderId: string): Promise<PaypalOrder> {
      const res = await authorized(`/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      if (res.status !== 200) throw new ProviderError('PayPal', res.status, 'order not found', res.body);
      return orderOf(res.body as OrderBody);
    },

    /**
     * Refunds a capture (POST /v2/payments/captures/{capture_id}/refund): the whole remaining
     * amount without `amount`, else that many centavos. A refusal (422, e.g. CAPTURE_FULLY_REFUNDED)
     * is an outcome; PayPal-Request-Id makes a retried refund refund once.
     */
    async refundCapture(
      captureId: string,
      input: { amount?: number; currency?: string; noteToPayer?: string; requestId?: string } = {},
    ): Promise<PaypalRefund> {
      const body: Record<string, unknown> = {};
      if (input.amount !== undefined) body.amount = { currency_code: input.currency ?? 'PHP', value: pesos(input.amount) };
      if (input.noteToPayer) body.note_to_payer = input.noteToPayer.slice(0, 255);
      const res = await authorized(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, input.requestId ?? `refund-${captureId}`);
      if (res.status === 422) {
        const issue = (res.body as { details?: { issue?: string }[] }).details?.[0]?.issue ?? 'UNPROCESSABLE_ENTITY';
        return { outcome: 'REFUSED', captureId, issue };
      }
      if (res.status !== 200 && res.status !== 201) throw new ProviderError('PayPal', res.status, 'refund failed', res.body);
      const refund = res.body as { id: string; status: string; amount?: { currency_code: string; value: string } };
      if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') return { outcome: 'REFUSED', captureId, issue: refund.status };
      return {
        outcome: refund.status,
        refundId: refund.id,
        captureId,
        amount: refund.amount ? centavosOf(refund.amount.value) : null,
        currency: refund.amount?.currency_code ?? null,
      };
    },

    /**
     * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/
     * verify-webhook-signature). `rawBody` is the body exactly as received.
     */
    async verifyWebhook(webhookId: string, headers: PaypalWebhookHeaders, rawBody: string): Promise<boolean> {
      const need = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;
      if (need.some((h) => !headers[h])) return false;
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return false;
      }
      const res = await authorized('/v1/notifications/verify-webhook-signature', {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: webhookId,
        webhook_event: event,
      });
      if (res.status !== 200) throw new ProviderError('PayPal', res.status, 'webhook verification failed', res.body);
      return (res.body as { verification_status?: string }).verification_status === 'SUCCESS';
    },
  };
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;
