// /dev/orders: staff order events over HTTP for scripts and the end-to-end tests (the back office
// at /staff is the screen for people; mounted only outside live mode, like /dev/mailbox; ADR 005).
// Staff holding MANAGE_ORDERS, as in the back office, authenticate with a bearer token (no
// cookie, so no other site can make a browser send it), and every move goes through the one
// state machine, applyOrderEvent.
import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { parseRowId } from '../../graphql/node-key';
import { DomainError } from '../../lib/domain-error';
import { resolveSessionUser } from '../accounts/session';
import { hasPermission } from '../system/staff-access.service';
import { ORDER_TRANSITIONS, type OrderEvent } from './order-state';
import { applyOrderEvent } from './order-transitions.service';

const STAFF_EVENTS = new Set<string>(ORDER_TRANSITIONS.filter((t) => t.actor === 'staff').map((t) => t.event));

export function createOrderSandboxRouter(deps: { db: Database; config: Config; log: Logger }): Router {
  const router = express.Router();

  /** POST /dev/orders/{order number}/{staff event}, JSON body: optional trackingNumber, trackingLink, note. */
  router.post('/:orderId/:event', express.json({ limit: '4kb' }), async (req, res) => {
    const auth = req.get('authorization');
    const token = auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : '';
    const user = token ? await resolveSessionUser(deps.db, token, deps.config.jwtSecret) : null;
    if (!user || !(await hasPermission({ db: deps.db, user }, 'MANAGE_ORDERS'))) {
      res.status(403).json({ errors: [{ message: 'Staff only.' }] });
      return;
    }
    const orderId = parseRowId(String(req.params.orderId));
    const event = String(req.params.event);
    if (orderId === null || !STAFF_EVENTS.has(event)) {
      res.status(404).json({ errors: [{ message: 'Unknown order or event.' }] });
      return;
    }
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? String(body[key]).slice(0, 255) : undefined);
    const ctx: ServiceContext = { db: deps.db, config: deps.config, log: deps.log, user, requestId: randomUUID() };
    try {
      const order = await applyOrderEvent(ctx, orderId, event as OrderEvent, 'staff', {
        note: text('note'),
        changes: event === 'fulfil' ? { trackingNumber: text('trackingNumber') ?? null, trackingLink: text('trackingLink') ?? null } : {},
      });
      res.json({ order: { id: order.id, status: order.status } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res.status(409).json({ errors: error.errors });
    }
  });

  return router;
}
