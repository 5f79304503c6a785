// A web push that failed for a reason that may pass (push service down, 5xx, 429) is retried
// by a durable job, from any replica; a browser the push service no longer knows is forgotten.
import { eq } from 'drizzle-orm';
import { defineJob, type JobContext } from '../../jobs/jobs';
import { deliverWebPush, type DeliveryOptions, type DeliveryOutcome } from './push-delivery';
import { pushSubscriptions } from './push.tables';

export type PushRetry = {
  subscriptionId: number;
  /** The message as JSON (the subscription's keys are read anew: it may have changed). */
  payload: string;
  options: DeliveryOptions;
};

/** Worth another try: no answer, a server error or "too many requests". */
export function isTransient(outcome: DeliveryOutcome): boolean {
  return outcome.outcome === 'failed' && (outcome.status === null || outcome.status === 429 || outcome.status >= 500);
}

/** Sends again unless the browser was turned off meanwhile; throws while it still fails. */
export async function retryPush(ctx: Pick<JobContext, 'db' | 'config' | 'log'>, retry: PushRetry): Promise<void> {
  const [device] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, retry.subscriptionId));
  if (!device) return;
  const result = await deliverWebPush(
    ctx.config.vapid,
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    retry.payload,
    retry.options,
  );
  if (result.outcome === 'gone') {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    ctx.log.info({ subscriptionId: device.id }, 'web push subscription expired and removed');
    return;
  }
  // Only the status: the endpoint's path addresses the customer's browser and stays out of logs.
  if (result.outcome === 'failed') throw new Error(`web push not sent (status ${result.status ?? 'none'})`);
}

/** 5 retries from 30 s with backoff (about 15-30 minutes in all): a push is worth little later. */
export const retryPushJob = defineJob<PushRetry>('push.retry', (retry, ctx) => retryPush(ctx, retry), {
  retryLimit: 5,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 60,
});
