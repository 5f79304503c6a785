// The sandbox's webhooks are durable jobs (webhooks.deliver): an outcome decided while the shop
// works no jobs waits in the database, is delivered once a runner starts (a restart), and a
// delivery the shop refuses is retried until it answers 2xx; each attempt is signed afresh.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_SCHEMA } from '../../../jobs/job-sql';
import { attemptHeaders, deliverWebhookJob } from '../../../jobs/webhook-delivery';
import { createPaymentsHarness, decide, eventRows, paymentRow, placeOrder, type PaymentsHarness } from '../../../testing/payments.fixtures';
import { SIGNATURE_HEADER, signWebhook } from './sandbox-signature';

let h: PaymentsHarness;
let refuseNext = 0;
const attempts: string[] = [];

beforeAll(async () => {
  h = await createPaymentsHarness({
    runJobs: false,
    beforeWebhooks: (req, res, next) => {
      if (req.method !== 'POST' || req.path !== '/sandbox') return next();
      attempts.push(String(req.headers[SIGNATURE_HEADER]));
      if (refuseNext-- > 0) return void res.status(503).json({ error: 'down for maintenance' });
      next();
    },
  });
});
afterAll(async () => {
  await h?.close();
});

const jobsOf = async (paymentId: number) => {
  const { rows } = await h.t.database.executeSql(
    `SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'body' LIKE $2`,
    [deliverWebhookJob.name, `%"merchantReference":"${paymentId}"%`],
  );
  return rows as { state: string; retry_count: number }[];
};

describe('sandbox webhooks as durable jobs', () => {
  it('waits in the database while no runner works, then is delivered and retried after a refusal', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await decide(placed.redirectUrl!, 'approve');

    // Nobody works jobs (the shop restarting): the webhook is queued, nothing moved yet.
    expect(await jobsOf(placed.paymentId)).toEqual([{ state: 'created', retry_count: 0 }]);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    expect(attempts).toHaveLength(0);

    // The shop is back, but answers its first delivery 503: the job retries (5 s backoff).
    refuseNext = 1;
    await h.startRunner();
    await vi.waitFor(async () => expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED'), {
      timeout: 30_000,
      interval: 200,
    });
    expect(attempts).toHaveLength(2);
    // The runner marks the job done right after the shop's 2xx.
    await vi.waitFor(async () => expect(await jobsOf(placed.paymentId)).toEqual([{ state: 'completed', retry_count: 1 }]), { timeout: 5_000, interval: 100 });
    const events = await eventRows(h.t, placed.paymentId);
    expect(events.map((e) => [e.type, e.outcome])).toEqual([['PAID', 'APPLIED']]);
  }, 45_000);

  it('signs each attempt afresh, so a retry late in the backoff is still within the tolerance', () => {
    const body = JSON.stringify({ hello: 'world' });
    const delivery = { url: 'http://127.0.0.1/webhooks/sandbox', body, headers: { 'content-type': 'application/json' }, signer: 'sandbox' as const };
    const later = Date.now() + 20 * 60_000;
    const header = attemptHeaders(h.t.config, delivery, later)[SIGNATURE_HEADER];
    expect(header).toMatch(new RegExp(`^t=${Math.floor(later / 1000)},v1=[0-9a-f]{64}$`));
    expect(header).toBe(signWebhook(h.t.config.paymentsSandbox.webhookSecret, body, later));
    // The secret is never part of the stored job.
    expect(JSON.stringify(delivery)).not.toContain(h.t.config.paymentsSandbox.webhookSecret);
    expect(attemptHeaders(h.t.config, { ...delivery, signer: undefined })).toEqual({ 'content-type': 'application/json' });
  });
});
