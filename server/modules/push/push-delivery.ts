// Posts one message to one browser's push service. web-push builds the request (the VAPID
// Authorization header and the aes128gcm-encrypted body, RFC 8291/8292); fetch sends it, with a
// time limit, to https push services and, in tests, to a fake one on http loopback
// (docs/decisions/014-web-push.md).
import { createRequire } from 'node:module';
import type WebPush from 'web-push';
import type { Config } from '../../config';
import type { WebPushSubscription } from './push-subscription';

/** How long one push service may take to answer before the message counts as failed. */
export const PUSH_TIMEOUT_MS = 5_000;

export type DeliveryOutcome =
  | { outcome: 'sent'; status: number }
  /** The push service no longer knows the subscription (404, 410): it should be forgotten. */
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status: number | null; reason: string };

export type DeliveryOptions = {
  /** Seconds the push service keeps the message for an offline browser. */
  ttl: number;
  /** A newer message with the same topic replaces an undelivered older one (<= 32 URL-safe characters). */
  topic?: string;
  timeoutMs?: number;
};

export async function deliverWebPush(
  vapid: Config['vapid'],
  subscription: WebPushSubscription,
  payload: string,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  // Loaded with the first message: ~1.5 MB of heap a process that sends none does not hold.
  const webpush = createRequire(import.meta.url)('web-push') as typeof WebPush;
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: options.ttl,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      ...(options.topic ? { topic: options.topic } : {}),
    });
  } catch (error) {
    return { outcome: 'failed', status: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch sets Content-Length from the body itself.
    if (name.toLowerCase() !== 'content-length' && value !== undefined) headers.set(name, String(value));
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
    // The answer's body is of no use; read it so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { outcome: 'sent', status: response.status };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
    return { outcome: 'failed', status: response.status, reason: `push service answered ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
    return { outcome: 'failed', status: null, reason };
  }
}
