// Delivery of the sandbox's webhooks to the shop, as a provider delivers them: signed, POSTed
// to /webhooks/sandbox, retried with backoff until the shop answers 2xx.
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
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

export const WEBHOOK_RETRY = { retries: 6, factor: 2, minTimeout: 500, maxTimeout: 60_000 } as const;

/**
 * Delivers in the background with retries (6 retries, 0.5 s doubling). A 4xx answer other than
 * 408/429 is final: the shop refused this event, sending it again would not help.
 *
 * In-process for now: a restart loses pending retries. The durable-jobs work replaces the
 * pRetry call below with a queued job that calls deliverSandboxWebhook (same arguments), so
 * deliveries survive restarts and run once across replicas.
 */
export function queueSandboxWebhook(deps: { config: Config; log: Logger }, event: SandboxEvent, url?: string): Promise<void> {
  return pRetry(
    async () => {
      try {
        await deliverSandboxWebhook(deps.config, event, url);
      } catch (error) {
        const status = error instanceof WebhookRefused ? error.status : 0;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) throw new AbortError(error as Error);
        throw error;
      }
    },
    {
      ...WEBHOOK_RETRY,
      onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
        deps.log.warn({ eventId: event.id, attemptNumber, retriesLeft, err: error }, 'sandbox webhook delivery failed'),
    },
  ).catch((error: unknown) => {
    deps.log.error({ eventId: event.id, err: error }, 'sandbox webhook given up');
  });
}
