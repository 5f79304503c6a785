// Delivery of the sandbox's webhooks to the shop, as a provider delivers them: signed, POSTed
// to /webhooks/sandbox, retried with backoff (a durable job) until the shop answers 2xx.
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { enqueueWebhook } from '../../../jobs/webhook-delivery';
import { SIGNATURE_HEADER, signWebhook, type SandboxEvent } from './sandbox-signature';

export const sandboxWebhookUrl = (config: Config) => `${config.publicUrl}/webhooks/sandbox`;

export class WebhookRefused extends Error {
  constructor(readonly status: number) {
    super(`sandbox webhook refused: HTTP ${status}`);
  }
}

/** One delivery attempt; throws unless the shop answered 2xx. */
export async function deliverSandboxWebhook(config: Config, event: SandboxEvent, url = sandboxWebhookUrl(config)): Promise<void> {
  const body = JSON.stringify(event);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(config.paymentsSandbox.webhookSecret, body) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new WebhookRefused(response.status);
}

/**
 * Queues the event's delivery as a durable job (webhooks.deliver, docs/decisions/018): it
 * survives a restart, runs once across replicas, and is retried with backoff until the shop
 * answers 2xx (8 retries from 5 s). Each attempt is signed afresh, so a late retry is still
 * within the shop's signature tolerance. Inside a transaction, it is sent only if that commits.
 */
export function queueSandboxWebhook(db: Database, config: Config, event: SandboxEvent, url = sandboxWebhookUrl(config)): Promise<string | null> {
  return enqueueWebhook(db, { url, body: JSON.stringify(event), headers: { 'content-type': 'application/json' }, signer: 'sandbox' });
}
