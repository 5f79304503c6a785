// A local stand-in for PayPal's REST API (the parts client.ts uses), for tests and demos:
// token, orders (create, read, capture or authorise), authorisations (capture, reauthorise, void),
// capture refunds, an approve page, and webhook signature checks.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decisionPage, readForm, readJson, redirect, sendJson, type FakeHandler } from '../fake-server';

type FakeAuthorization = {
  id: string;
  orderId: string;
  status: 'CREATED' | 'CAPTURED' | 'EXPIRED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  expirationTime: string;
  /** An expired authorisation PayPal still lets the merchant reauthorise (within 29 days of approval). */
  renewable: boolean;
};

type FakeOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE' | 'AUTHORIZE';
  /** An AUTHORIZE order's authorisations, oldest first (a reauthorisation adds one). */
  authorizations: string[];
  referenceId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  captureId: string | null;
  /** Centavos refunded of the capture so far. */
  refunded: number;
};

type FakeRefund = { id: string; captureId: string; status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED'; amount: { currency_code: string; value: string }; noteToPayer: string | null };

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (currency: string, centavos: number) => ({ currency_code: currency, value: (centavos / 100).toFixed(2) });

export type PaypalFakeOptions = {
  clientId: string;
  clientSecret: string;
  /** The address the fake is reached at (its approve links point there). */
  publicUrl: () => string;
};

export function createPaypalFake(options: PaypalFakeOptions) {
  const orders = new Map<string, FakeOrder>();
  const authorizations = new Map<string, FakeAuthorization>();
  const tokens = new Set<string>();
  const requestIds = new Map<string, unknown>();
  const signingKey = randomBytes(32);
  /** Orders whose capture the "bank" declines (INSTRUMENT_DECLINED). */
  const declined = new Set<string>();
  const refunds = new Map<string, FakeRefund>();
  /** Captures whose refunds PayPal refuses, with the issue it names. */
  const refusedRefunds = new Map<string, string>();
  /** Captures whose refunds PayPal answers PENDING (e.g. an eCheck not cleared). */
  const pendingRefunds = new Set<string>();

  const id = () => randomBytes(9).toString('hex').toUpperCase();
  /** Reauthorisations made, in order: which authorisation each renewed. */
  const reauthorizations: { from: string; to: string }[] = [];
  function newAuthorization(order: FakeOrder): FakeAuthorization {
    const made: FakeAuthorization = {
      id: id(),
      orderId: order.id,
      status: 'CREATED',
      amount: order.amount,
      expirationTime: new Date(Date.now() + 29 * 86_400_000).toISOString(),
      renewable: false,
    };
    authorizations.set(made.id, made);
    order.authorizations.push(made.id);
    return made;
  }
  const authorizationView = (a: FakeAuthorization) => ({
    id: a.id,
    status: a.status,
    amount: a.amount,
    expiration_time: a.expirationTime,
    links: [
      { href: `${options.publicUrl()}/v2/payments/authorizations/${a.id}`, rel: 'self', method: 'GET' },
      { href: `${options.publicUrl()}/v2/payments/authorizations/${a.id}/capture`, rel: 'capture', method: 'POST' },
      { href: `${options.publicUrl()}/v2/payments/authorizations/${a.id}/void`, rel: 'void', method: 'POST' },
    ],
  });
  const view = (o: FakeOrder) => ({
    id: o.id,
    status: o.status,
    intent: o.intent,
    purchase_units: [
      {
        reference_id: o.referenceId,
        amount: o.amount,
        ...(o.captureId || o.authorizations.length > 0
          ? {
              payments: {
                ...(o.authorizations.length > 0 ? { authorizations: o.authorizations.map((a) => authorizationView(authorizations.get(a)!)) } : {}),
                ...(o.captureId ? { captures: [{ id: o.captureId, status: captureStatus(o), amount: o.amount }] } : {}),
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${options.publicUrl()}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `${options.publicUrl()}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
      { href: `${options.publicUrl()}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  function captureStatus(o: FakeOrder) {
    if (o.refunded === 0) return 'COMPLETED';
    return o.refunded >= cents(o.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  }

  const transmissionSig = (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest('base64');

  const handler: FakeHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      const form = await readForm(req);
      if (req.headers.authorization !== expected || form.get('grant_type') !== 'client_credentials') {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return sendJson(res, 200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }

    // The buyer's approve page (PayPal's hosted checkout).
    if (path === '/checkoutnow') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(decisionPage('PayPal', [`Pay ₱${order.amount.value}`], `?token=${order.id}`));
      }
      const decision = (await readForm(req)).get('decision');
      if (decision === 'approve') {
        order.status = 'APPROVED';
        return redirect(res, `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=FAKEPAYER`);
      }
      if (decision === 'decline') {
        // PayPal returns the buyer as approved; the bank declines at capture.
        order.status = 'APPROVED';
        declined.add(order.id);
      }
      const back = decision === 'decline' ? order.returnUrl : order.cancelUrl;
      return redirect(res, `${back}${back.includes('?') ? '&' : '?'}token=${order.id}`);
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return sendJson(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? `${path}:${req.headers['paypal-request-id']}` : null;
    if (req.method === 'POST' && requestId && requestIds.has(requestId)) return sendJson(res, 200, requestIds.get(requestId));

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const body = (await readJson(req)) as {
        intent?: string;
        purchase_units?: { reference_id?: string; amount?: { currency_code?: string; value?: string } }[];
        application_context?: { return_url?: string; cancel_url?: string };
      };
      const unit = body.purchase_units?.[0];
      if ((body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') || !unit?.amount?.value || !/^\d+(\.\d{2})?$/.test(unit.amount.value) || !unit.amount.currency_code) {
        return sendJson(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
      }
      const order: FakeOrder = {
        id: id(),
        status: 'CREATED',
        intent: body.intent,
        authorizations: [],
        referenceId: unit.reference_id ?? 'default',
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        returnUrl: body.application_context?.return_url ?? options.publicUrl(),
        cancelUrl: body.application_context?.cancel_url ?? options.publicUrl(),
        captureId: null,
        refunded: 0,
      };
      orders.set(order.id, order);
      const answer = view(order);
      if (requestId) requestIds.set(requestId, answer);
      return sendJson(res, 201, answer);
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]));
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (declined.has(order.id)) {
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      }
      if (order.intent !== 'CAPTURE') {
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ACTION_DOES_NOT_MATCH_INTENT' }] });
      }
      if (order.status === 'COMPLETED') {
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      }
      if (order.status !== 'APPROVED') {
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      }
      order.status = 'COMPLETED';
      order.captureId = id();
      const answer = view(order);
      if (requestId) requestIds.set(requestId, answer);
      return sendJson(res, 201, answer);
    }

    const unprocessable = (issue: string) => sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] });

    // Authorises an approved AUTHORIZE order: the buyer's money is held for 29 days.
    const authorize = /^\/v2\/checkout\/orders\/([^/]+)\/authorize$/.exec(path);
    if (req.method === 'POST' && authorize) {
      const order = orders.get(decodeURIComponent(authorize[1]));
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (order.intent !== 'AUTHORIZE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT');
      if (declined.has(order.id)) return unprocessable('INSTRUMENT_DECLINED');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_AUTHORIZED');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
      order.status = 'COMPLETED';
      newAuthorization(order);
      const answer = view(order);
      if (requestId) requestIds.set(requestId, answer);
      return sendJson(res, 201, answer);
    }

    const onAuthorization = /^\/v2\/payments\/authorizations\/([^/]+)\/(capture|reauthorize|void)$/.exec(path);
    if (req.method === 'POST' && onAuthorization) {
      const authorization = authorizations.get(decodeURIComponent(onAuthorization[1]));
      if (!authorization) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const order = orders.get(authorization.orderId)!;
      const action = onAuthorization[2];
      if (authorization.status === 'VOIDED') return unprocessable('AUTHORIZATION_VOIDED');
      if (authorization.status === 'CAPTURED') return unprocessable(action === 'void' ? 'CANNOT_BE_VOIDED' : 'AUTHORIZATION_ALREADY_CAPTURED');
      if (action === 'reauthorize') {
        // PayPal renews an authorisation only after its honour period, within 29 days of approval.
        if (authorization.status !== 'EXPIRED') return unprocessable('REAUTHORIZATION_TOO_SOON');
        if (!authorization.renewable) return unprocessable('AUTHORIZATION_EXPIRED');
        const renewed = newAuthorization(order);
        reauthorizations.push({ from: authorization.id, to: renewed.id });
        const answer = authorizationView(renewed);
        if (requestId) requestIds.set(requestId, answer);
        return sendJson(res, 201, answer);
      }
      if (authorization.status === 'EXPIRED') return unprocessable('AUTHORIZATION_EXPIRED');
      if (action === 'void') {
        authorization.status = 'VOIDED';
        res.writeHead(204);
        return void res.end();
      }
      if (declined.has(order.id)) return unprocessable('INSTRUMENT_DECLINED');
      authorization.status = 'CAPTURED';
      order.captureId = id();
      const answer = {
        id: order.captureId,
        status: 'COMPLETED',
        amount: authorization.amount,
        final_capture: true,
        supplementary_data: { related_ids: { order_id: order.id, authorization_id: authorization.id } },
      };
      if (requestId) requestIds.set(requestId, answer);
      return sendJson(res, 201, answer);
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const captureId = decodeURIComponent(refund[1]);
      const order = [...orders.values()].find((o) => o.captureId === captureId);
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const body = (await readJson(req)) as { amount?: { currency_code?: string; value?: string }; note_to_payer?: string };
      const remaining = cents(order.amount.value) - order.refunded;
      if (refusedRefunds.has(captureId)) return unprocessable(refusedRefunds.get(captureId)!);
      if (remaining <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED');
      let amount = remaining;
      if (body.amount) {
        if (!body.amount.value || !/^\d+(\.\d{2})?$/.test(body.amount.value) || body.amount.currency_code !== order.amount.currency_code) {
          return sendJson(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
        }
        amount = cents(body.amount.value);
        if (amount <= 0 || amount > remaining) return unprocessable('REFUND_AMOUNT_EXCEEDED');
      }
      const made: FakeRefund = {
        id: id(),
        captureId,
        status: pendingRefunds.has(captureId) ? 'PENDING' : 'COMPLETED',
        amount: money(order.amount.currency_code, amount),
        noteToPayer: body.note_to_payer ?? null,
      };
      refunds.set(made.id, made);
      order.refunded += amount;
      const answer = {
        id: made.id,
        status: made.status,
        amount: made.amount,
        ...(made.noteToPayer ? { note_to_payer: made.noteToPayer } : {}),
        links: [
          { href: `${options.publicUrl()}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
          { href: `${options.publicUrl()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      };
      if (requestId) requestIds.set(requestId, answer);
      return sendJson(res, 201, answer);
    }

    const read = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && read) {
      const order = orders.get(decodeURIComponent(read[1]));
      return order ? sendJson(res, 200, view(order)) : sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const body = (await readJson(req)) as Record<string, string | object>;
      const sig = String(body.transmission_sig ?? '');
      const expected = transmissionSig(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        JSON.stringify(body.webhook_event),
      );
      const ok = sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
      return sendJson(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  };

  return {
    handler,
    orders,
    authorizations,
    reauthorizations,
    refunds,
    /** The newest authorisation of this order, if any. */
    authorizationOf(orderId: string): FakeAuthorization | null {
      const ids = orders.get(orderId)?.authorizations ?? [];
      return ids.length ? authorizations.get(ids[ids.length - 1]!)! : null;
    },
    /**
     * The order's authorisation lapses, as one left unconfirmed past its honour period would:
     * `renewable` PayPal still reauthorises it (within 29 days of approval), else it is gone.
     */
    expireAuthorization(orderId: string, renewable: boolean) {
      const authorization = this.authorizationOf(orderId);
      if (!authorization) throw new Error(`no authorization for ${orderId}`);
      authorization.status = 'EXPIRED';
      authorization.renewable = renewable;
    },
    /** PayPal will refuse refunds of this capture with this issue (e.g. REFUND_TIME_LIMIT_EXCEEDED). */
    refuseRefunds(captureId: string, issue = 'REFUND_NOT_ALLOWED') {
      refusedRefunds.set(captureId, issue);
    },
    /** PayPal will answer refunds of this capture PENDING. */
    holdRefunds(captureId: string) {
      pendingRefunds.add(captureId);
    },
    /**
     * A PENDING refund of this capture finishes: COMPLETED, or FAILED/CANCELLED (the amount is
     * refundable again). Answers the webhook body PayPal would then send (PAYMENT.CAPTURE.REFUNDED
     * for a completed one, PAYMENT.REFUND.FAILED or .CANCELLED otherwise), to sign with signWebhook.
     */
    finishRefund(refundId: string, status: 'COMPLETED' | 'FAILED' | 'CANCELLED'): string {
      const refund = refunds.get(refundId);
      if (!refund || refund.status !== 'PENDING') throw new Error(`no pending refund ${refundId}`);
      refund.status = status;
      const order = [...orders.values()].find((o) => o.captureId === refund.captureId);
      if (order && status !== 'COMPLETED') order.refunded -= cents(refund.amount.value);
      const eventType = status === 'COMPLETED' ? 'PAYMENT.CAPTURE.REFUNDED' : `PAYMENT.REFUND.${status}`;
      return JSON.stringify({
        id: `WH-${id()}`,
        event_type: eventType,
        resource_type: 'refund',
        resource: {
          id: refund.id,
          status,
          amount: refund.amount,
          links: [{ href: `${options.publicUrl()}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' }],
        },
      });
    },
    /** The buyer approves (as the approve page's button would). */
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (order) order.status = 'APPROVED';
    },
    /** The buyer's instrument will be declined at capture. */
    declineAtCapture(orderId: string) {
      declined.add(orderId);
      this.approve(orderId);
    },
    /** Headers PayPal would send with this webhook body for this webhook id. */
    signWebhook(webhookId: string, body: string) {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${options.publicUrl()}/v1/notifications/certs/CERT-fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': transmissionSig(transmissionId, time, webhookId, JSON.stringify(JSON.parse(body))),
        'paypal-transmission-time': time,
      };
    },
  };
}
