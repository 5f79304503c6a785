// /sandbox/*: the built-in provider's hosted pages (only when PAYMENTS_SANDBOX is on). The
// shopper approves, declines or cancels; the sandbox records it on its session, sends the shop
// a signed webhook (a durable job, retried) and returns the shopper with a signed return.
import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { ServiceContext } from '../../../graphql/context';
import type { SandboxSessionStatus } from '../payments.tables';
import { findOpenIpay88Session, verifyIpay88Request } from './sandbox-ipay88.service';
import { messagePage, sessionPage } from './sandbox-pages';
import { signReturn, type SandboxEventType } from './sandbox-signature';
import { queueSandboxWebhook } from './sandbox-webhook';
import { findSandboxSession, gatewaySlug, moveSandboxSession, paySandboxSession, sandboxEvent, sandboxRemaining } from './sandbox.provider';

const DECISIONS: Record<string, { status: SandboxSessionStatus; event: SandboxEventType }> = {
  approve: { status: 'CAPTURED', event: 'payment.paid' },
  decline: { status: 'DECLINED', event: 'payment.declined' },
  cancel: { status: 'CANCELLED', event: 'payment.cancelled' },
};

/**
 * Buy-now-pay-later plans paid in two steps, as BillEase is (docs/product: 1/3 upfront, the rest
 * over up to 12 months, approved in minutes): Approve on the open session approves the plan
 * (payment.approved: 'Pay in Installment Ready'), and the approved session's page then takes the
 * down payment (payment.paid: BillEase pays the shop the whole). ADR 045.
 */
export const INSTALLMENT_PLAN_GATEWAYS: ReadonlySet<string> = new Set(['BillEase']);

/**
 * Gateways whose payer keys in the amount sent (WeChat Pay): the sandbox's page has an amount to
 * pay, the rest by default; less pays a part (payment.paid for that part) and the session stays
 * open for the rest, which the order's Pay Now leads back to (ADR 050).
 */
export const PART_PAYMENT_GATEWAYS: ReadonlySet<string> = new Set(['WeChat Pay']);

/** The amount the payer keyed in, centavos; undefined when none (the rest is paid), null when it is not an amount. */
function keyedAmount(body: Record<string, unknown>): number | null | undefined {
  const raw = typeof body.amount === 'string' ? body.amount.trim().replace(/,/g, '') : '';
  if (!raw) return undefined;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return null;
  const centavos = Math.round(Number(raw) * 100);
  return centavos > 0 ? centavos : null;
}

/** Where a session's Approve leads: approving the plan, or paying. */
function decisionFor(session: { gateway: string; status: SandboxSessionStatus }, decision: { status: SandboxSessionStatus; event: SandboxEventType }) {
  if (INSTALLMENT_PLAN_GATEWAYS.has(session.gateway) && session.status === 'OPEN' && decision.status === 'CAPTURED') {
    return { status: 'APPROVED' as const, event: 'payment.approved' as const };
  }
  return decision;
}

/** A session still waiting for the shopper: open, or an approved plan waiting for its down payment. */
const awaitsShopper = (session: { gateway: string; status: SandboxSessionStatus }) =>
  session.status === 'OPEN' || (session.status === 'APPROVED' && INSTALLMENT_PLAN_GATEWAYS.has(session.gateway));

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

export function createSandboxRouter(deps: { db: Database; config: Config; log: Logger; webhookUrl?: string }): Router {
  const router = express.Router();
  const context = (): ServiceContext => ({ db: deps.db, config: deps.config, log: deps.log, user: null, requestId: randomUUID() });
  const form = express.urlencoded({ extended: false, limit: '8kb' });

  router.use((_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });

  router.get('/:gateway/pay/:session', async (req, res) => {
    const session = await findSandboxSession(context(), String(req.params.session));
    if (!session || gatewaySlug(session.gateway) !== req.params.gateway) {
      res.status(404).type('html').send(messagePage('Payment not found', 'This payment link is not valid.'));
      return;
    }
    if (!awaitsShopper(session)) {
      res.type('html').send(messagePage(`${session.gateway} sandbox`, `This payment is ${session.status.toLowerCase()} already.`));
      return;
    }
    res.type('html').send(sessionPage(session, req.originalUrl.split('?')[0]!, { keysAmount: PART_PAYMENT_GATEWAYS.has(session.gateway) }));
  });

  router.post('/:gateway/pay/:session', form, async (req, res) => {
    const ctx = context();
    const chosen = DECISIONS[String((req.body as Record<string, unknown>)?.decision ?? '')];
    const found = await findSandboxSession(ctx, String(req.params.session));
    const decision = chosen && found ? decisionFor(found, chosen) : chosen;
    if (!found || gatewaySlug(found.gateway) !== req.params.gateway) {
      res.status(404).type('html').send(messagePage('Payment not found', 'This payment link is not valid.'));
      return;
    }
    if (!decision) {
      res.status(400).type('html').send(messagePage(`${found.gateway} sandbox`, 'Choose Approve, Decline or Cancel.'));
      return;
    }
    const partPayments = PART_PAYMENT_GATEWAYS.has(found.gateway);
    const keyed = partPayments ? keyedAmount(req.body as Record<string, unknown>) : undefined;
    if (keyed === null) {
      res.status(400).type('html').send(messagePage(`${found.gateway} sandbox`, 'Enter the amount to pay, in pesos.'));
      return;
    }
    // PayPal-style sessions only authorise on approval; the shop captures on the shopper's return.
    const approvesOnly = found.captureByMerchant && decision.status === 'CAPTURED';
    // The session's move and its webhook's job commit together: no outcome without its webhook.
    const moved = await deps.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      if (partPayments && decision.status === 'CAPTURED') {
        // A part, or the rest (ADR 050): the event states what was paid now.
        const paid = await paySandboxSession(txCtx, found.id, keyed ?? sandboxRemaining(found));
        if (!paid) return null;
        const event = sandboxEvent(paid.session, decision.event, paid.paid);
        await queueSandboxWebhook(tx, deps.config, event, deps.webhookUrl);
        return { session: paid.session, event };
      }
      if (partPayments && (found.paidAmount ?? 0) > 0) {
        // Declined or cancelled after a part was paid: the part stays, the session still takes the rest.
        const session = await findSandboxSession(txCtx, found.id);
        if (!session || session.status !== 'OPEN') return null;
        const event = sandboxEvent(session, decision.event, sandboxRemaining(session));
        await queueSandboxWebhook(tx, deps.config, event, deps.webhookUrl);
        return { session, event };
      }
      const from: SandboxSessionStatus[] = INSTALLMENT_PLAN_GATEWAYS.has(found.gateway) ? ['OPEN', 'APPROVED'] : ['OPEN'];
      const session = await moveSandboxSession(txCtx, found.id, from, approvesOnly ? 'APPROVED' : decision.status);
      if (!session || approvesOnly) return session && { session, event: null };
      const event = sandboxEvent(session, decision.event);
      await queueSandboxWebhook(tx, deps.config, event, deps.webhookUrl);
      return { session, event };
    });
    if (!moved) {
      res.status(409).type('html').send(messagePage(`${found.gateway} sandbox`, `This payment is ${found.status.toLowerCase()} already.`));
      return;
    }
    const { session, event } = moved;
    if (!event) {
      res.redirect(303, withQuery(session.returnUrl, new URLSearchParams({ token: session.id, PayerID: 'SANDBOXPAYER' }).toString()));
      return;
    }
    const back = session.captureByMerchant
      ? withQuery(session.returnUrl, new URLSearchParams({ token: session.id, outcome: decision.status.toLowerCase() }).toString())
      : withQuery(session.returnUrl, signReturn(deps.config.paymentsSandbox.webhookSecret, event));
    res.redirect(303, back);
  });

  // iPay88's entry page: the storefront posts the signed request form here (docs/product/orders-and-payments.md#pay-now).
  router.post('/ipay88/entry', form, async (req, res) => {
    const ctx = context();
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const problem = verifyIpay88Request(deps.config, fields);
    const session = problem ? null : await findOpenIpay88Session(ctx, fields);
    if (problem || !session) {
      res.status(400).type('html').send(messagePage('iPay88 sandbox', problem ?? 'No open payment matches this request.'));
      return;
    }
    res.redirect(303, `/sandbox/${gatewaySlug(session.gateway)}/pay/${session.id}`);
  });

  return router;
}
