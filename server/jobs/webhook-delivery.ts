// Outbound webhooks (the payment sandbox's signed callbacks, and any later ones): POST a body
// with its headers to a URL, retried with backoff until the receiver answers 2xx, up to a limit.
import { defineJob, enqueueJob, type EnqueueOptions } from './jobs';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { SIGNATURE_HEADER, signWebhook } from '../modules/payments/sandbox/sandbox-signature';

export type WebhookDelivery = {
  url: string;
  /** Sent as is (sign it before enqueueing: the signature covers these exact bytes). */
  body: string;
  headers: Record<string, string>;
  /**
   * Signed afresh on each attempt with this sender's secret (from the config, never stored in
   * the job), as providers do: a late retry still falls within the receiver's tolerance.
   */
  signer?: 'sandbox';
};

/** The headers of one attempt: the delivery's, plus a fresh signature when it has a signer. */
export function attemptHeaders(config: Config, delivery: WebhookDelivery, now = Date.now()): Record<string, string> {
  if (delivery.signer !== 'sandbox') return delivery.headers;
  return { ...delivery.headers, [SIGNATURE_HEADER]: signWebhook(config.paymentsSandbox.webhookSecret, delivery.body, now) };
}

/** How long a receiver may take to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookRefusedError extends Error {}

/** One attempt; throws (so that the job is retried) unless the receiver answers 2xx. */
export async function postWebhook(delivery: WebhookDelivery, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<number> {
  const response = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
    // A receiver that moved must be configured anew, not followed blindly.
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Read the answer so the connection can be reused; its content is of no use.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new WebhookRefusedError(`${new URL(delivery.url).origin} answered ${response.status}`);
  }
  return response.status;
}

/** 8 retries starting at 5 s with backoff: the last about 10-20 minutes after the first try. */
export const deliverWebhookJob = defineJob<WebhookDelivery>(
  'webhooks.deliver',
  async (delivery, ctx) => {
    const status = await postWebhook({ ...delivery, headers: attemptHeaders(ctx.config, delivery) });
    ctx.log.info({ origin: new URL(delivery.url).origin, status }, 'webhook delivered');
  },
  { retryLimit: 8, retryDelaySeconds: 5, backoff: true, expireInSeconds: 60, concurrency: 4 },
);

/** Queues a delivery; in a transaction, it is sent only if that transaction commits. */
export function enqueueWebhook(db: Database, delivery: WebhookDelivery, options: EnqueueOptions = {}): Promise<string | null> {
  return enqueueJob(db, deliverWebhookJob, delivery, options);
}
