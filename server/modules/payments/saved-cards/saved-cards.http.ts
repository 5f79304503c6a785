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

/** What a return knows: no signed-in user (the browser may come back without its session). */
type ReturnContext = { db: Database; config: Config; log: Logger; user: null; requestId: string };

export function createCardReturnRouter(deps: { db: Database; config: Config; log: Logger }): Router {
  const router = express.Router();
  /**
   * A return from Maya's 3-D Secure page for the record `:id` (a positive integer, else 404),
   * redirected where `complete` says; the query's outcome, destination and signature at most 200
   * characters each. No session: the signed return itself is checked by `complete`.
   */
  const returnRoute = (path: string, complete: (ctx: ReturnContext, id: number, text: (name: string) => string | undefined) => Promise<string>) =>
    router.get(path, async (req, res, next) => {
      try {
        const id = Number(req.params.id);
        if (!Number.isSafeInteger(id) || id <= 0) {
          res.status(404).end();
          return;
        }
        const ctx: ReturnContext = { db: deps.db, config: deps.config, log: deps.log, user: null, requestId: String(req.id) };
        const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string).slice(0, 200) : undefined);
        res.redirect(303, await complete(ctx, id, text));
      } catch (error) {
        next(error);
      }
    });
  // The customer back from saving a card.
  returnRoute('/maya/cards/:id/return', (ctx, id, text) => completeCardVerification(ctx, id, { outcome: text('outcome'), to: text('to'), sig: text('sig') }));
  // The customer back from an on-demand card payment's 3-D Secure page.
  returnRoute('/maya/payments/:id/return', (ctx, id) => completeOnDemandPayment(ctx, id));
  // The customer back from the 3-D Secure page of a held card's charge (ADR 050).
  returnRoute('/maya/held/:id/return', (ctx, id, text) => completeHeldCardReturn(ctx, id, { outcome: text('outcome'), sig: text('sig') }));
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
