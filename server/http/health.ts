// GET /healthz for load balancers and orchestrators: 200 when the database answers, 503 when
// it does not, and always within a second (a database that accepts connections but never
// answers must not hold the probe until the balancer's own timeout). While the process refuses
// new work (overload.ts) it answers 503 `busy` at once, with Retry-After: a readiness probe then
// takes it out of rotation until it recovers (the probe itself never waits for a turn).
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import { OUTAGE_RETRY_AFTER_SECONDS, type DatabaseWatch } from './database-watch';

export const HEALTH_TIMEOUT_MS = 1_000;

export function healthCheck(
  database: Pick<DatabaseHandle, 'ping' | 'driver'>,
  log: Logger,
  load?: { busy(): boolean; retryAfterSeconds: number },
  watch?: Pick<DatabaseWatch, 'isDown'>,
): RequestHandler {
  return async (_req, res) => {
    // Known down (database-watch.ts): said at once, without another second of waiting.
    if (watch?.isDown()) {
      res.status(503).set('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).json({ status: 'unavailable', database: database.driver });
      return;
    }
    if (load?.busy()) {
      res.status(503).set('retry-after', String(load.retryAfterSeconds)).json({ status: 'busy', database: database.driver });
      return;
    }
    try {
      await withTimeout(database.ping(), HEALTH_TIMEOUT_MS, 'the database did not answer within a second');
      res.json({ status: 'ok', database: database.driver });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'unavailable', database: database.driver });
    }
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
