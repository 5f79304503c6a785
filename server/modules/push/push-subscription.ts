// What authorizeDevice accepts as a registrationId: the browser's PushSubscription as JSON
// (JSON.stringify(subscription)), checked before it is stored. Only the known browser push
// services may be an endpoint, so that no one can make the shop post to an address of their
// choosing (docs/decisions/014-web-push.md).
import { Buffer } from 'node:buffer';
import { z } from 'zod';

export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The hosts (and their subdomains) of the push services that browsers use. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'push.services.mozilla.com', // Firefox: updates.push.services.mozilla.com
  'notify.windows.com', // Edge on Windows: *.notify.windows.com
  'push.apple.com', // Safari: web.push.apple.com
] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const PUSH_MESSAGES = {
  invalidRegistration: 'Invalid registration id.',
} as const;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes);

const subscriptionSchema = z.object({
  endpoint: z.string().max(2048),
  keys: z.object({
    // An uncompressed P-256 point (0x04, x, y) and a 16-byte secret (RFC 8291).
    p256dh: base64url(65).refine((value) => Buffer.from(value, 'base64url')[0] === 0x04),
    auth: base64url(16),
  }),
});

/**
 * Whether the shop may post to this endpoint: https on a known push service; outside a live
 * shop also a push service on this machine (the tests' fake, a developer's).
 */
export function isAllowedEndpoint(endpoint: string, options: { allowLoopback: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.allowLoopback && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return true;
  }
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The subscription in a registrationId, or null when it is not one the shop can use. */
export function parseRegistrationId(registrationId: string, options: { allowLoopback: boolean }): WebPushSubscription | null {
  let json: unknown;
  try {
    json = JSON.parse(registrationId);
  } catch {
    return null;
  }
  const parsed = subscriptionSchema.safeParse(json);
  if (!parsed.success || !isAllowedEndpoint(parsed.data.endpoint, options)) return null;
  const { endpoint, keys } = parsed.data;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * The endpoint a registrationId names, for turning a device off: the subscription JSON, or
 * the endpoint URL alone (a browser whose keys changed still knows its endpoint).
 */
export function endpointOf(registrationId: string): string | null {
  const trimmed = registrationId.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value = z.object({ endpoint: z.string().min(1) }).safeParse(JSON.parse(trimmed));
      return value.success ? value.data.endpoint : null;
    } catch {
      return null;
    }
  }
  return /^https?:\/\//.test(trimmed) ? trimmed : null;
}
