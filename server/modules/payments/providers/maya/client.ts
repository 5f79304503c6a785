// Maya (PayMaya) Payment Gateway: payment tokens (public key), customers and vaulted cards with
// 3-D Secure verification, card payments (vaulted or one-off token), payment status, voids and
// refunds (Payments API), and hosted Checkout. Keys authenticate as HTTP Basic "<key>:" (Maya's scheme).
import { ProviderError, centavosOf, pesos, providerFetch, providerJson } from '../http';

export type MayaConfig = { publicKey: string; secretKey: string; baseUrl: string };

export type MayaRedirects = { success: string; failure: string; cancel: string };

export type MayaCardDetails = { number: string; expMonth: string; expYear: string; cvc: string };

export type MayaVaultedCard = {
  cardTokenId: string;
  cardType: string;
  maskedPan: string;
  /** PREVERIFICATION until the customer passes 3-D Secure, then VERIFIED. */
  state: string;
  verificationUrl: string | null;
  isDefault: boolean;
};

export type MayaPaymentStatus =
  | 'PENDING_TOKEN'
  | 'PENDING_PAYMENT'
  | 'FOR_AUTHENTICATION'
  | 'AUTHENTICATING'
  | 'AUTH_FAILED'
  | 'PAYMENT_PROCESSING'
  | 'PAYMENT_SUCCESS'
  | 'PAYMENT_FAILED'
  | 'PAYMENT_EXPIRED'
  | 'PAYMENT_CANCELLED'
  | 'VOIDED'
  | 'REFUNDED';

export type MayaPayment = {
  id: string;
  status: MayaPaymentStatus;
  isPaid: boolean;
  /** Centavos. */
  amount: number;
  currency: string;
  requestReferenceNumber: string;
  /** Present when the customer must pass 3-D Secure first. */
  verificationUrl: string | null;
  /** When Maya took the money (ISO), if it has. */
  paymentAt: string | null;
  /** Maya's word: voidable (paid, not yet settled) and refundable (paid and settled). Null when it does not say. */
  canVoid: boolean | null;
  canRefund: boolean | null;
};

/** Maya's answer to a void or refund: done, still processing, or refused (4xx: e.g. a payment not yet settled). */
export type MayaSettlement =
  | { outcome: 'SUCCESS' | 'PENDING'; id: string; paymentId: string; status: string }
  | { outcome: 'REFUSED'; paymentId: string; code: string; message: string };

type PaymentBody = {
  id: string;
  status: MayaPaymentStatus;
  isPaid?: boolean;
  amount: string | number;
  currency: string;
  requestReferenceNumber: string;
  verificationUrl?: string;
  paymentAt?: string;
  canVoid?: boolean;
  canRefund?: boolean;
};

const toPayment = (p: PaymentBody): MayaPayment => ({
  id: p.id,
  status: p.status,
  isPaid: p.isPaid ?? p.status === 'PAYMENT_SUCCESS',
  amount: centavosOf(p.amount),
  currency: p.currency,
  requestReferenceNumber: p.requestReferenceNumber,
  verificationUrl: p.verificationUrl ?? null,
  paymentAt: p.paymentAt ?? null,
  canVoid: p.canVoid ?? null,
  canRefund: p.canRefund ?? null,
});

type CardBody = Omit<MayaVaultedCard, 'verificationUrl' | 'isDefault'> & { verificationUrl?: string; isDefault?: boolean };
const toCard = (c: CardBody): MayaVaultedCard => ({ ...c, verificationUrl: c.verificationUrl ?? null, isDefault: c.isDefault ?? false });

function settlementOf(paymentId: string, status: number, body: unknown, action: string): MayaSettlement {
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404) {
    const error = (body ?? {}) as { code?: string; message?: string };
    return { outcome: 'REFUSED', paymentId, code: String(error.code ?? status), message: String(error.message ?? `${action} refused`) };
  }
  if (status !== 200 && status !== 201) throw new ProviderError('Maya', status, `${action} failed`, body);
  const answer = body as { id: string; status?: string };
  const state = String(answer.status ?? 'SUCCESS').toUpperCase();
  if (state === 'FAILED' || state === 'REJECTED') return { outcome: 'REFUSED', paymentId, code: state, message: `${action} ${state.toLowerCase()}` };
  return { outcome: state === 'SUCCESS' ? 'SUCCESS' : 'PENDING', id: answer.id, paymentId, status: state };
}

/**
 * Maya's optional idempotency for its Payments API's POSTs: a request repeated with the same
 * X-Idempotency-Key and Request-Reference-No (same key, method and address) is a retransmission,
 * answered with the first request's answer and carried out once. The shop's key is its own
 * record's (a refund row, a payment), so a retry after a crash, or the settle job, repeats the
 * first request instead of making a second refund or charge.
 */
export const MAYA_IDEMPOTENCY_HEADER = 'x-idempotency-key';
export const MAYA_REQUEST_REFERENCE_HEADER = 'request-reference-no';
const retransmission = (requestId: string | undefined): Record<string, string> =>
  requestId ? { [MAYA_IDEMPOTENCY_HEADER]: requestId, [MAYA_REQUEST_REFERENCE_HEADER]: requestId } : {};

export function createMayaClient(config: MayaConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
  const secret = basic(config.secretKey);
  const money = (centavos: number, currency = 'PHP') => ({ amount: Number(pesos(centavos)), currency });

  return {
    /**
     * Tokenises card details (the browser does this itself in the shop; this is for tests and
     * server-to-server use). Answers the single-use paymentTokenId.
     */
    async createPaymentToken(card: MayaCardDetails): Promise<string> {
      const body = await providerJson<{ paymentTokenId: string }>('Maya', `${base}/payments/v1/payment-tokens`, {
        headers: basic(config.publicKey),
        body: { card },
      });
      return body.paymentTokenId;
    },

    async createCustomer(input: { firstName: string; lastName: string; email: string; referenceId: string }): Promise<string> {
      const body = await providerJson<{ id: string }>('Maya', `${base}/payments/v1/customers`, {
        headers: secret,
        body: {
          firstName: input.firstName || 'Customer',
          lastName: input.lastName || input.referenceId,
          contact: { email: input.email },
          customerSince: new Date().toISOString().slice(0, 10),
          metadata: { referenceId: input.referenceId },
        },
      });
      return body.id;
    },

    /** Vaults a payment token as a card of the customer; the answer carries verificationUrl. */
    async vaultCard(customerId: string, input: { paymentTokenId: string; isDefault: boolean; redirectUrl: MayaRedirects }) {
      return toCard(
        await providerJson<CardBody>('Maya', `${base}/payments/v1/customers/${encodeURIComponent(customerId)}/cards`, {
          headers: secret,
          body: input,
        }),
      );
    },

    async getCard(customerId: string, cardTokenId: string): Promise<MayaVaultedCard> {
      return toCard(
        await providerJson<CardBody>(
          'Maya',
          `${base}/payments/v1/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardTokenId)}`,
          { headers: secret },
        ),
      );
    },

    /** Removes a vaulted card; one Maya no longer knows counts as removed. */
    async deleteCard(customerId: string, cardTokenId: string): Promise<void> {
      const res = await providerFetch(
        'Maya',
        `${base}/payments/v1/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardTokenId)}`,
        { method: 'DELETE', headers: secret },
      );
      if (res.status !== 200 && res.status !== 204 && res.status !== 404) {
        throw new ProviderError('Maya', res.status, 'card not deleted', res.body);
      }
    },

    /** Charges a vaulted card. A decline is a PAYMENT_FAILED payment, not an exception. */
    async payWithCard(
      customerId: string,
      cardTokenId: string,
      input: { amount: number; requestReferenceNumber: string; redirectUrl: MayaRedirects; requestId?: string },
    ): Promise<MayaPayment> {
      return toPayment(
        await providerJson<PaymentBody>(
          'Maya',
          `${base}/payments/v1/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardTokenId)}/payments`,
          {
            headers: { ...secret, ...retransmission(input.requestId) },
            body: { totalAmount: money(input.amount), requestReferenceNumber: input.requestReferenceNumber, redirectUrl: input.redirectUrl },
          },
        ),
      );
    },

    /** Charges a one-off payment token (on-demand card payment), usually through 3-D Secure. */
    async payWithToken(input: { paymentTokenId: string; amount: number; requestReferenceNumber: string; redirectUrl: MayaRedirects }) {
      return toPayment(
        await providerJson<PaymentBody>('Maya', `${base}/payments/v1/payments`, {
          headers: secret,
          body: {
            paymentTokenId: input.paymentTokenId,
            totalAmount: money(input.amount),
            requestReferenceNumber: input.requestReferenceNumber,
            redirectUrl: input.redirectUrl,
          },
        }),
      );
    },

    async getPayment(paymentId: string): Promise<MayaPayment> {
      return toPayment(await providerJson<PaymentBody>('Maya', `${base}/payments/v1/payments/${encodeURIComponent(paymentId)}`, { headers: secret }));
    },

    /**
     * Voids a paid payment not yet settled (POST /payments/v1/payments/{paymentId}/voids): the
     * whole amount, the same day only. A 4xx refusal is an outcome.
     */
    async voidPayment(paymentId: string, reason: string, requestId?: string): Promise<MayaSettlement> {
      const res = await providerFetch('Maya', `${base}/payments/v1/payments/${encodeURIComponent(paymentId)}/voids`, {
        headers: { ...secret, ...retransmission(requestId) },
        body: { reason },
      });
      return settlementOf(paymentId, res.status, res.body, 'void');
    },

    /**
     * Refunds a settled payment in whole or in part (POST /payments/v1/payments/{paymentId}/refunds,
     * totalAmount in pesos). A 4xx refusal (e.g. not yet settled: void it instead) is an outcome.
     */
    async refundPayment(paymentId: string, input: { amount: number; currency?: string; reason: string; requestId?: string }): Promise<MayaSettlement> {
      const res = await providerFetch('Maya', `${base}/payments/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
        headers: { ...secret, ...retransmission(input.requestId) },
        body: { totalAmount: money(input.amount, input.currency), reason: input.reason },
      });
      return settlementOf(paymentId, res.status, res.body, 'refund');
    },

    /**
     * Maya's webhooks carry no signature: a notification is believed only when Maya itself,
     * asked with our secret key, says the same payment succeeded for the same order and amount.
     */
    async confirmPayment(paymentId: string, expected: { amount: number; currency?: string; requestReferenceNumber: string }) {
      const payment = await this.getPayment(paymentId);
      const matches =
        payment.requestReferenceNumber === expected.requestReferenceNumber &&
        payment.amount === expected.amount &&
        payment.currency === (expected.currency ?? 'PHP');
      return { payment, genuine: matches, paid: matches && payment.status === 'PAYMENT_SUCCESS' };
    },

    /** Hosted Checkout (public key): the customer pays on Maya's page at redirectUrl. */
    async createCheckout(input: {
      amount: number;
      requestReferenceNumber: string;
      redirectUrl: MayaRedirects;
      buyer?: { firstName?: string; lastName?: string; email?: string };
      items: { name: string; quantity: number; totalAmount: number }[];
    }): Promise<{ checkoutId: string; redirectUrl: string }> {
      return providerJson('Maya', `${base}/checkout/v1/checkouts`, {
        headers: basic(config.publicKey),
        body: {
          totalAmount: { value: Number(pesos(input.amount)), currency: 'PHP' },
          buyer: input.buyer ? { firstName: input.buyer.firstName, lastName: input.buyer.lastName, contact: { email: input.buyer.email } } : undefined,
          items: input.items.map((i) => ({ name: i.name, quantity: i.quantity, totalAmount: { value: Number(pesos(i.totalAmount)) } })),
          redirectUrl: input.redirectUrl,
          requestReferenceNumber: input.requestReferenceNumber,
        },
      });
    },
  };
}

export type MayaClient = ReturnType<typeof createMayaClient>;
