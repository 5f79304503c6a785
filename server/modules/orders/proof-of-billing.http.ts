// /proofs/<file>: a customer's proof of billing (a bank slip: names, account numbers), served
// only to the customer whose order it is and to staff holding MANAGE_ORDERS, never cached by
// anyone on the way (docs/decisions/048-file-storage-drivers.md). Everyone else gets the same 404
// as for a file that does not exist, so the answer does not tell whether a proof is there.
import express, { type Request, type Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readToken } from '../../graphql/context';
import { isKey, storageOf } from '../../storage/file-storage';
import { resolveSessionUser } from '../accounts/session';
import { hasPermission } from '../system/staff-access.service';
import { orderOfProof } from './order-actions.service';

export const PROOF_CACHE_CONTROL = 'private, no-store';

export function createProofOfBillingRouter(deps: { db: Database; config: Config }): Router {
  const router = express.Router();
  router.get('/:file', async (req, res) => {
    res.set({ 'cache-control': PROOF_CACHE_CONTROL, vary: 'Cookie, Authorization' });
    const key = `proofs/${String(req.params.file)}`;
    const file = isKey(key) && (await mayView(deps, req, key)) ? await storageOf(deps).get(key) : null;
    if (!file) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.set({ 'content-type': file.contentType, 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
  });
  return router;
}

/** The owner of the order whose current proof this is, or staff with MANAGE_ORDERS (any proof, a refused one too). */
async function mayView(deps: { db: Database; config: Config }, req: Request, key: string): Promise<boolean> {
  const token = readToken({ get: (name) => req.get(name) ?? null });
  const user = token ? await resolveSessionUser(deps.db, token, deps.config.jwtSecret) : null;
  if (!user) return false;
  if (await hasPermission({ db: deps.db, user }, 'MANAGE_ORDERS')) return true;
  const order = await orderOfProof({ db: deps.db }, key);
  return order !== null && order.userId === user.id && order.proofOfBillingPath === key;
}
