// A local stand-in for Maya's payment API (the parts client.ts uses: voids and refunds too, and
// its idempotency key on POSTs) with its 3-D Secure and
// hosted-checkout pages as plain HTML forms (Approve, Decline, Cancel). Tests run it on
// loopback; outside live mode the shop mounts it at /sandbox/maya, where the storefront's card
// form tokenises against it exactly as it would against Maya.
//
// Sandbox cards: any Visa, Mastercard or JCB number that passes the form's rules; a number
// ending in 0002 is declined when charged; a saved card whose number ends in 0003 asks for 3-D
// Secure on every charge of the vaulted card (Maya's FOR_AUTHENTICATION with a verificationUrl,
// as when 3-D Secure is on for later charges: ADR 050). Vaulted card ids carry their brand, last 4
// and these flags, so the sandbox still knows a saved card after a restart (and the demo seed can
// make one with sandboxCardTokenId).
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkCard } from '../../../../../common/payments/card';
import { MAYA_IDEMPOTENCY_HEADER, MAYA_REQUEST_REFERENCE_HEADER } from './client';
import { decisionPage, readForm, readJson, redirect, sendJson, type FakeHandler } from '../fake-server';

export type MayaFakeOptions = {
  publicKey: string;
  secretKey: string;
  /** The address the fake is reached at (its verification pages point there). */
  publicUrl: () => string;
};

type Redirects = { success: string; failure: string; cancel: string };
type Token = { brand: string; last4: string; declines: boolean; asks3ds: boolean; used: boolean };
type Card = { customerId: string; brand: string; last4: string; declines: boolean; asks3ds: boolean; state: 'PREVERIFICATION' | 'VERIFIED'; isDefault: boolean; redirectUrl: Redirects | null; deleted: boolean };
type Payment = {
  id: string;
  status: string;
  amount: string;
  currency: string;
  requestReferenceNumber: string;
  redirectUrl: Redirects | null;
  declines: boolean;
  needs3ds: boolean;
  /** When it was paid; it settles at the end of that day (Manila), or when a test says so. */
  paidAt?: Date;
  settled?: boolean;
  /** Centavos refunded so far. */
  refunded?: number;
};
type Settlement = { id: string; kind: 'void' | 'refund'; paymentId: string; amount: string; currency: string; reason: string };

/** The calendar day in Manila (UTC+8), where Maya settles. */
const manilaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
type Checkout = { id: string; amount: string; requestReferenceNumber: string; redirectUrl: Redirects; paymentId: string };

const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A vaulted sandbox card id that the sandbox recognises without any state (demo seed). */
export function sandboxCardTokenId(customerId: string, brand: string, last4: string, declines = false, asks3ds = false): string {
  return `ctok_${encode({ c: customerId, b: brand, l: last4, d: declines, ...(asks3ds ? { v: true } : {}) })}_${randomBytes(6).toString('hex')}`;
}

function decodeCard(id: string): Card | null {
  const m = /^ctok_([A-Za-z0-9_-]+)_[0-9a-f]+$/.exec(id);
  if (!m) return null;
  try {
    const v = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { c: string; b: string; l: string; d: boolean; v?: boolean };
    return { customerId: v.c, brand: v.b, last4: v.l, declines: v.d, asks3ds: v.v === true, state: 'VERIFIED', isDefault: false, redirectUrl: null, deleted: false };
  } catch {
    return null;
  }
}

export function createMayaFake(options: MayaFakeOptions) {
  const tokens = new Map<string, Token>();
  const cards = new Map<string, Card>();
  const payments = new Map<string, Payment>();
  const checkouts = new Map<string, Checkout>();
  const settlements: Settlement[] = [];
  /** First answers by idempotency key (with the merchant, address and request reference), and the keys repeated. */
  const transmissions = new Map<string, { status: number; body: string }>();
  const retransmissions: string[] = [];
  /** Payments whose voids and refunds Maya refuses, with its code and message. */
  const refusals = new Map<string, { code: string; message: string }>();
  const isSettled = (p: Payment) => Boolean(p.paidAt && (p.settled || manilaDay(p.paidAt) < manilaDay(new Date())));
  const cents = (amount: string | number) => Math.round(Number(amount) * 100);
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const error = (res: ServerResponse, status: number, code: string, message: string) => sendJson(res, status, { code, message });

  const cardOf = (id: string) => {
    const known = cards.get(id);
    if (known) return known;
    const decoded = decodeCard(id);
    if (decoded) cards.set(id, decoded);
    return decoded;
  };
  const cardView = (id: string, c: Card) => ({
    cardTokenId: id,
    cardType: c.brand.toLowerCase(),
    maskedPan: c.last4,
    state: c.state,
    isDefault: c.isDefault,
    ...(c.state === 'PREVERIFICATION' ? { verificationUrl: `${options.publicUrl()}/verify/card/${id}` } : {}),
  });
  const paymentView = (p: Payment) => ({
    id: p.id,
    status: p.status,
    isPaid: p.status === 'PAYMENT_SUCCESS',
    amount: p.amount,
    currency: p.currency,
    requestReferenceNumber: p.requestReferenceNumber,
    ...(p.status === 'FOR_AUTHENTICATION' ? { verificationUrl: `${options.publicUrl()}/verify/payment/${p.id}` } : {}),
    ...(p.paidAt ? { paymentAt: p.paidAt.toISOString() } : {}),
    canVoid: p.status === 'PAYMENT_SUCCESS' && !isSettled(p),
    canRefund: p.status === 'PAYMENT_SUCCESS' && isSettled(p),
  });
  const amountOf = (body: Record<string, unknown>, field: 'amount' | 'value') => {
    const total = body.totalAmount as Record<string, unknown> | undefined;
    const value = Number(total?.[field]);
    if (!Number.isFinite(value) || value <= 0 || typeof total?.currency !== 'string') return null;
    return { amount: value.toFixed(2), currency: total.currency };
  };
  const settle = (p: Payment) => {
    p.status = p.declines ? 'PAYMENT_FAILED' : 'PAYMENT_SUCCESS';
    if (!p.declines) p.paidAt = new Date();
  };
  const back = (r: Redirects | null, outcome: keyof Redirects, id: string) => {
    const url = r?.[outcome] ?? `${options.publicUrl()}/done`;
    return `${url}${url.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}`;
  };

  const handler: FakeHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const auth = req.headers.authorization;

    // 3-D Secure and hosted checkout pages: the customer's browser comes here.
    const page = /^\/verify\/(card|payment|checkout)\/([^/]+)$/.exec(path);
    if (page) {
      const [, kind, id] = page;
      const card = kind === 'card' ? cards.get(id) : undefined;
      const checkout = kind === 'checkout' ? checkouts.get(id) : undefined;
      const payment = kind === 'payment' ? payments.get(id) : checkout ? payments.get(checkout.paymentId) : undefined;
      if (!card && !payment) return error(res, 404, 'PY0009', 'Not found');
      if (req.method === 'GET') {
        const lines = card
          ? [`Verify your ${card.brand} card ending in ${card.last4}.`]
          : [`Pay PHP ${payment!.amount} for ${payment!.requestReferenceNumber}.`];
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(decisionPage(card ? '3-D Secure verification' : 'Maya Checkout', lines, `${options.publicUrl()}${path}`));
      }
      const decision = (await readForm(req)).get('decision');
      if (card) {
        if (decision === 'approve' && !card.declines) {
          card.state = 'VERIFIED';
          return redirect(res, back(card.redirectUrl, 'success', id));
        }
        return redirect(res, back(card.redirectUrl, decision === 'cancel' ? 'cancel' : 'failure', id));
      }
      const p = payment!;
      const redirects = checkout?.redirectUrl ?? p.redirectUrl;
      // Answered already (a second tab, the back button): nothing changes, the customer goes back.
      if (p.status !== 'FOR_AUTHENTICATION' && p.status !== 'PENDING_PAYMENT') {
        return redirect(res, back(redirects, p.status === 'PAYMENT_SUCCESS' ? 'success' : 'failure', checkout?.id ?? p.id));
      }
      if (decision === 'approve') settle(p);
      else p.status = decision === 'cancel' ? 'PAYMENT_CANCELLED' : 'AUTH_FAILED';
      const outcome = p.status === 'PAYMENT_SUCCESS' ? 'success' : decision === 'cancel' ? 'cancel' : 'failure';
      return redirect(res, back(redirects, outcome, checkout?.id ?? p.id));
    }

    if (req.method === 'POST' && path === '/payments/v1/payment-tokens') {
      if (auth !== basic(options.publicKey)) return error(res, 401, 'K003', 'Invalid authentication credentials');
      const card = ((await readJson(req)).card ?? {}) as Record<string, unknown>;
      const check = checkCard({
        number: String(card.number ?? ''),
        expMonth: String(card.expMonth ?? ''),
        expYear: String(card.expYear ?? ''),
        cvc: String(card.cvc ?? ''),
      });
      if (!check.ok) return error(res, 400, 'PY0001', 'Invalid card details');
      const paymentTokenId = randomBytes(32).toString('base64url');
      tokens.set(paymentTokenId, { brand: check.brand, last4: check.last4, declines: check.last4 === '0002', asks3ds: check.last4 === '0003', used: false });
      const now = new Date().toISOString();
      return sendJson(res, 200, { paymentTokenId, state: 'AVAILABLE', createdAt: now, updatedAt: now, issuer: check.brand });
    }

    if (req.method === 'POST' && path === '/checkout/v1/checkouts') {
      if (auth !== basic(options.publicKey)) return error(res, 401, 'K003', 'Invalid authentication credentials');
      const body = await readJson(req);
      const money = amountOf(body, 'value');
      const redirects = body.redirectUrl as Redirects | undefined;
      if (!money || typeof body.requestReferenceNumber !== 'string' || !redirects?.success) {
        return error(res, 400, 'II003', 'Missing or invalid parameters');
      }
      const payment: Payment = { id: randomUUID(), status: 'PENDING_PAYMENT', ...money, requestReferenceNumber: body.requestReferenceNumber, redirectUrl: redirects, declines: false, needs3ds: true };
      payments.set(payment.id, payment);
      // Maya's checkoutId is also the id of the payment behind it.
      const checkout: Checkout = { id: payment.id, amount: money.amount, requestReferenceNumber: body.requestReferenceNumber, redirectUrl: redirects, paymentId: payment.id };
      checkouts.set(checkout.id, checkout);
      return sendJson(res, 200, { checkoutId: checkout.id, redirectUrl: `${options.publicUrl()}/verify/checkout/${checkout.id}` });
    }

    // Everything below is the secret-key API.
    if (auth !== basic(options.secretKey)) return error(res, 401, 'K003', 'Invalid authentication credentials');

    // Maya's optional idempotency: a POST repeated with the same X-Idempotency-Key,
    // Request-Reference-No, method and address (by the same merchant) is a retransmission,
    // answered with the first transmission's answer and not carried out again.
    const idempotencyKey = req.headers[MAYA_IDEMPOTENCY_HEADER];
    if (req.method === 'POST' && typeof idempotencyKey === 'string' && idempotencyKey) {
      const key = [auth, req.method, path, String(req.headers[MAYA_REQUEST_REFERENCE_HEADER] ?? ''), idempotencyKey].join('\n');
      const first = transmissions.get(key);
      if (first) {
        retransmissions.push(idempotencyKey);
        res.writeHead(first.status, { 'content-type': 'application/json' });
        return void res.end(first.body);
      }
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.end = ((chunk?: unknown) => {
        if (res.statusCode < 500) transmissions.set(key, { status: res.statusCode, body: typeof chunk === 'string' ? chunk : String(chunk ?? '') });
        return end(chunk);
      }) as typeof res.end;
    }

    if (req.method === 'POST' && path === '/payments/v1/customers') {
      const body = await readJson(req);
      return sendJson(res, 200, { id: randomUUID(), ...body, createdAt: new Date().toISOString() });
    }

    const cardsPath = /^\/payments\/v1\/customers\/([^/]+)\/cards(?:\/([^/]+))?(\/payments)?$/.exec(path);
    if (cardsPath) {
      const [, customerId, cardId, pay] = cardsPath;
      if (!cardId && req.method === 'POST') {
        const body = await readJson(req);
        const token = tokens.get(String(body.paymentTokenId ?? ''));
        if (!token || token.used) return error(res, 400, 'PY0038', 'Payment token is invalid or already used');
        token.used = true;
        const id = sandboxCardTokenId(customerId, token.brand, token.last4, token.declines, token.asks3ds);
        const card: Card = { customerId, brand: token.brand, last4: token.last4, declines: token.declines, asks3ds: token.asks3ds, state: 'PREVERIFICATION', isDefault: body.isDefault === true, redirectUrl: (body.redirectUrl as Redirects) ?? null, deleted: false };
        cards.set(id, card);
        return sendJson(res, 200, cardView(id, card));
      }
      const card = cardId ? cardOf(cardId) : null;
      if (!card || card.deleted || card.customerId !== customerId) return error(res, 404, 'PY0027', 'Card not found');
      if (!pay && req.method === 'GET') return sendJson(res, 200, cardView(cardId!, card));
      if (!pay && req.method === 'DELETE') {
        card.deleted = true;
        return sendJson(res, 200, cardView(cardId!, card));
      }
      if (pay && req.method === 'POST') {
        if (card.state !== 'VERIFIED') return error(res, 400, 'PY0028', 'Card is not verified');
        const body = await readJson(req);
        const money = amountOf(body, 'amount');
        if (!money || typeof body.requestReferenceNumber !== 'string') return error(res, 400, 'II003', 'Missing or invalid parameters');
        // 3-D Secure on later charges: the payment waits FOR_AUTHENTICATION at its verificationUrl,
        // and the customer's answer there settles it (then back to redirectUrl, as one-off payments).
        const payment: Payment = { id: randomUUID(), status: card.asks3ds ? 'FOR_AUTHENTICATION' : 'PAYMENT_PROCESSING', ...money, requestReferenceNumber: body.requestReferenceNumber, redirectUrl: (body.redirectUrl as Redirects) ?? null, declines: card.declines, needs3ds: card.asks3ds };
        if (!card.asks3ds) settle(payment);
        payments.set(payment.id, payment);
        return sendJson(res, 200, paymentView(payment));
      }
    }

    if (req.method === 'POST' && path === '/payments/v1/payments') {
      const body = await readJson(req);
      const token = tokens.get(String(body.paymentTokenId ?? ''));
      const money = amountOf(body, 'amount');
      if (!token || token.used) return error(res, 400, 'PY0038', 'Payment token is invalid or already used');
      if (!money || typeof body.requestReferenceNumber !== 'string') return error(res, 400, 'II003', 'Missing or invalid parameters');
      token.used = true;
      const payment: Payment = { id: randomUUID(), status: 'FOR_AUTHENTICATION', ...money, requestReferenceNumber: body.requestReferenceNumber, redirectUrl: (body.redirectUrl as Redirects) ?? null, declines: token.declines, needs3ds: true };
      payments.set(payment.id, payment);
      return sendJson(res, 200, paymentView(payment));
    }

    const settlement = /^\/payments\/v1\/payments\/([^/]+)\/(voids|refunds)$/.exec(path);
    if (req.method === 'POST' && settlement) {
      const payment = payments.get(settlement[1]);
      if (!payment) return error(res, 404, 'PY0009', 'Payment not found');
      const body = await readJson(req);
      const kind = settlement[2] === 'voids' ? 'void' : 'refund';
      if (typeof body.reason !== 'string' || !body.reason.trim()) return error(res, 400, 'II003', 'Missing or invalid parameters');
      const refused = refusals.get(payment.id);
      if (refused) return error(res, 400, refused.code, refused.message);
      if (payment.status !== 'PAYMENT_SUCCESS') return error(res, 400, 'PY0111', `Payment cannot be ${kind === 'void' ? 'voided' : 'refunded'}`);
      const total = cents(payment.amount);
      let amount = total - (payment.refunded ?? 0);
      if (kind === 'void') {
        // Voids are for payments not yet settled (the same day), and return all of it.
        if (isSettled(payment)) return error(res, 400, 'PY0112', 'Payment is already settled; refund it instead');
        payment.status = 'VOIDED';
      } else {
        if (!isSettled(payment)) return error(res, 400, 'PY0113', 'Payment is not yet settled; void it instead');
        const money = amountOf(body, 'amount');
        if (!money || money.currency !== payment.currency) return error(res, 400, 'II003', 'Missing or invalid parameters');
        if (cents(money.amount) > amount) return error(res, 400, 'PY0114', 'Refund amount exceeds the refundable amount');
        amount = cents(money.amount);
        payment.refunded = (payment.refunded ?? 0) + amount;
        if (payment.refunded >= total) payment.status = 'REFUNDED';
      }
      const made: Settlement = { id: randomUUID(), kind, paymentId: payment.id, amount: (amount / 100).toFixed(2), currency: payment.currency, reason: body.reason };
      settlements.push(made);
      const now = new Date().toISOString();
      return sendJson(res, 200, {
        id: made.id,
        payment: payment.id,
        status: 'SUCCESS',
        reason: made.reason,
        ...(kind === 'refund' ? { totalAmount: { amount: made.amount, currency: made.currency } } : {}),
        requestReferenceNumber: payment.requestReferenceNumber,
        createdAt: now,
        updatedAt: now,
      });
    }

    const read = /^\/payments\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && read) {
      const payment = payments.get(read[1]);
      return payment ? sendJson(res, 200, paymentView(payment)) : error(res, 404, 'PY0009', 'Payment not found');
    }

    return error(res, 404, 'PY0404', 'Not found');
  };

  return {
    handler,
    cards,
    payments,
    checkouts,
    settlements,
    /** The idempotency keys of requests answered as retransmissions (nothing carried out again). */
    retransmissions,
    /** The payment's day is over: it is settled (refund, no longer void). */
    settleNow(paymentId: string) {
      const payment = payments.get(paymentId);
      if (payment) payment.settled = true;
    },
    /** Maya will refuse voids and refunds of this payment. */
    refuseSettlement(paymentId: string, code = 'PY0115', message = 'Transaction is not allowed') {
      refusals.set(paymentId, { code, message });
    },
  };
}
