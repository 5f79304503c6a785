// HTTP ends of card payments: the customer's return from Maya's 3-D Secure pages (saving a
// card, paying on demand), and (outside
// live mode) the Maya sandbox that plays Maya's part for browsers at /sandbox/maya.
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { mayaSandbox } from '../providers/maya/maya-access';
import { completeOnDemandPayment } from '../paying/on-demand.service';
import { completeHeldCardReturn } from '../paying/held-card-return.service';
import { completeCardVerification } from './saved-cards.service';

export function createCardReturnRouter(deps: { db: Database; config: Config; log: Logger }): Router {
  const router = express.Router();
  router.get('/maya/cards/:id/return', async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        res.status(404).end();
        return;
      }
      const ctx = { db: deps.db, config: deps.config, log: deps.log, user: null, requestId: String(req.id) };
      const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).slice(0, 200) : undefined);
      const to = await completeCardVerification(ctx, id, { outcome: text('outcome'), to: text('to'), sig: text('sig') });
      res.redirect(303, to);
    } catch (error) {
      next(error);
    }
  });
  // The customer back from an on-demand card payment's 3-D Secure page.
  router.get('/maya/payments/:id/return', async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        res.status(404).end();
        return;
      }
      const ctx = { db: deps.db, config: deps.config, log: deps.log, user: null, requestId: String(req.id) };
      res.redirect(303, await completeOnDemandPayment(ctx, id));
    } catch (error) {
      next(error);
    }
  });
  // The customer back from the 3-D Secure page of a held card's charge (ADR 050).
  router.get('/maya/held/:id/return', async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        res.status(404).end();
        return;
      }
      const ctx = { db: deps.db, config: deps.config, log: deps.log, user: null, requestId: String(req.id) };
      const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).slice(0, 200) : undefined);
      res.redirect(303, await completeHeldCardReturn(ctx, id, { outcome: text('outcome'), sig: text('sig') }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** The Maya sandbox for browsers: the tokenizer and the 3-D Secure pages. */
export function createMayaSandboxRouter(config: Config): Router {
  const router = express.Router();
  const { fake } = mayaSandbox(config.publicUrl);
  router.use((req, res, next) => {
    Promise.resolve(fake.handler(req, res)).catch(next);
  });
  return router;
}
