// /webhooks/{provider}: what payment providers tell the shop. POST: a webhook, verified by the
// provider (bad or missing signature 401, malformed 400: nothing changes), then recorded in
// the payment-events ledger. GET|POST /webhooks/{provider}/return: the shopper coming back,
// verified the same way, recorded (the same event as its webhook: whichever comes first
// applies), then sent on to the orders page (or, declined or cancelled, back to the order).
import { randomUUID } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { ServiceContext } from '../../../graphql/context';
import type { ProviderEvent } from '../gateways/gateway';
import { reopenPayment } from '../paying/pay-now.service';
import { recordPaymentEvent, type RecordedEvent } from '../payment-events.service';
import { findPayment } from '../payments.service';
import { InboundRejected, type InboundRequest } from '../providers/provider';
import { providerNamed } from '../providers/provider-registry';

const inbound = (req: Request): InboundRequest => ({
  headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
  rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
  query: Object.fromEntries(
    Object.entries({ ...(req.query as Record<string, unknown>), ...(Buffer.isBuffer(req.body) ? {} : (req.body as Record<string, unknown>)) }).map(
      ([k, v]) => [k, typeof v === 'string' ? v : undefined],
    ),
  ),
});

/** How an unpaid return ended, as the order page's ?payment= names it. */
export type UnpaidOutcome = 'declined' | 'cancelled';

/**
 * Where the shopper goes after the provider: the order-placed landing when paid; back to the
 * order when the payment was declined or cancelled, with ?payment= so the page says what
 * happened and what to do next (the orders list said nothing); else the list.
 */
export function ordersPageAfterReturn(approved: boolean, gateway: string, unpaid?: { orderId: number; outcome: UnpaidOutcome } | null): string {
  if (approved) return `/account/orders?status=success&method=${encodeURIComponent(gateway)}`;
  if (unpaid) return `/account/order-details/${unpaid.orderId}?payment=${unpaid.outcome}`;
  return '/account/orders';
}

/** The order and outcome of a return whose event declined or cancelled the payment. */
export async function unpaidOutcomeOf(
  ctx: ServiceContext,
  event: ProviderEvent | null,
): Promise<{ orderId: number; outcome: UnpaidOutcome } | null> {
  const outcome = event?.type === 'DECLINED' ? 'declined' : event?.type === 'CANCELLED' ? 'cancelled' : null;
  if (!event || !outcome) return null;
  const payment = await findPayment(ctx, event.paymentId);
  return payment?.orderId ? { orderId: payment.orderId, outcome } : null;
}

/** Records the event; a first decline or cancel leaves the order a fresh session to pay with. */
export async function receivePaymentEvent(ctx: ServiceContext, event: ProviderEvent): Promise<RecordedEvent> {
  const recorded = await recordPaymentEvent(ctx, event);
  if (recorded.outcome !== 'DUPLICATE' && (event.type === 'DECLINED' || event.type === 'CANCELLED')) {
    await reopenPayment(ctx, event.paymentId).catch((error: unknown) =>
      ctx.log.warn({ err: error, paymentId: event.paymentId }, 'payment session not reopened'),
    );
  }
  return recorded;
}

export function createWebhooksRouter(deps: { db: Database; config: Config; log: Logger }): Router {
  const router = express.Router();
  const context = (): ServiceContext => ({ db: deps.db, config: deps.config, log: deps.log, user: null, requestId: randomUUID() });

  const shopperReturn = async (req: Request, res: express.Response) => {
    const provider = providerNamed(deps.config, String(req.params.provider));
    if (!provider) {
      res.status(404).type('text/plain').send('Unknown payment provider.');
      return;
    }
    try {
      const ctx = context();
      const returned = await provider.parseReturn(inbound(req), ctx);
      if (returned.event) await receivePaymentEvent(ctx, returned.event);
      const unpaid = returned.approved ? null : await unpaidOutcomeOf(ctx, returned.event);
      res.redirect(303, ordersPageAfterReturn(returned.approved, returned.gateway, unpaid));
    } catch (error) {
      if (!(error instanceof InboundRejected)) throw error;
      deps.log.warn({ provider: provider.name, reason: error.message }, 'payment return refused');
      res.status(error.status).type('text/plain').send('This payment return could not be verified.');
    }
  };
  router.get('/:provider/return', shopperReturn);
  router.post('/:provider/return', express.urlencoded({ extended: false, limit: '16kb' }), shopperReturn);

  router.post('/:provider', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const provider = providerNamed(deps.config, String(req.params.provider));
    if (!provider) {
      res.status(404).json({ error: 'unknown provider' });
      return;
    }
    try {
      const ctx = context();
      const event = await provider.parseWebhook(inbound(req), ctx);
      const recorded = await receivePaymentEvent(ctx, event);
      if (provider.acknowledgement) res.type('text/plain').send(provider.acknowledgement);
      else res.json({ received: true, outcome: recorded.outcome });
    } catch (error) {
      if (!(error instanceof InboundRejected)) throw error;
      deps.log.warn({ provider: provider.name, reason: error.message }, 'payment webhook refused');
      res.status(error.status).json({ error: error.message });
    }
  });

  return router;
}
