// How the sandbox signs what it sends the shop, and how the shop checks it: webhooks carry
// `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (a timestamp in
// the signature lets old captures be refused); shopper returns carry the event as base64url
// JSON with its hex HMAC. Events are JSON with amounts as decimal peso strings, as providers do.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderEvent } from '../gateways/gateway';
import { InboundRejected } from '../providers/provider';
import type { PaymentEventType } from '../payments.tables';

export const SANDBOX_PROVIDER = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** Webhooks signed longer ago than this are refused (retries sign again). */
export const SIGNATURE_TOLERANCE_SECONDS = 10 * 60;

export const SANDBOX_EVENT_TYPES = {
  'payment.pending': 'PENDING',
  'payment.authorized': 'AUTHORIZED',
  'payment.paid': 'PAID',
  // A buy-now-pay-later plan approved, its down payment still to pay (BillEase, ADR 045).
  'payment.approved': 'APPROVED',
  'payment.declined': 'DECLINED',
  'payment.cancelled': 'CANCELLED',
  'payment.voided': 'VOIDED',
  'payment.refunded': 'REFUNDED',
} as const satisfies Record<string, PaymentEventType>;
export type SandboxEventType = keyof typeof SANDBOX_EVENT_TYPES;

const eventSchema = z.object({
  id: z.string().regex(/^evt_[\w-]{8,64}$/),
  type: z.enum(Object.keys(SANDBOX_EVENT_TYPES) as [SandboxEventType, ...SandboxEventType[]]),
  session: z.string().min(1).max(100),
  gateway: z.string().min(1).max(50),
  merchantReference: z.string().regex(/^\d{1,10}$/),
  orderReference: z.string().min(1).max(50),
  amount: z.object({ value: z.string().regex(/^\d{1,9}\.\d{2}$/), currency: z.string().regex(/^[A-Z]{3}$/) }),
  created: z.string().min(1).max(40),
});
export type SandboxEvent = z.infer<typeof eventSchema>;

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export const pesos = (centavos: number) => (centavos / 100).toFixed(2);
export const centavos = (value: string) => Math.round(Number(value) * 100);

/** The header value for a webhook body. */
export function signWebhook(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

/** Checks a webhook's signature and shape; throws InboundRejected (401 unsigned/forged, 400 malformed). */
export function verifyWebhook(secret: string, header: string | undefined, rawBody: Buffer, now = Date.now()): SandboxEvent {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!header || !parts.v1 || !Number.isInteger(t)) throw new InboundRejected(401, 'missing signature');
  if (!sameHex(parts.v1, hmac(secret, `${t}.${rawBody.toString('utf8')}`))) throw new InboundRejected(401, 'bad signature');
  if (Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) throw new InboundRejected(401, 'signature expired');
  return parseEvent(rawBody.toString('utf8'));
}

function parseEvent(text: string): SandboxEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InboundRejected(400, 'malformed event');
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw new InboundRejected(400, 'malformed event');
  return parsed.data;
}

/** The query string of a shopper's return carrying this event. */
export function signReturn(secret: string, event: SandboxEvent): string {
  const payload = Buffer.from(JSON.stringify(event)).toString('base64url');
  return new URLSearchParams({ payload, signature: hmac(secret, payload) }).toString();
}

export function verifyReturn(secret: string, query: Record<string, string | undefined>): SandboxEvent {
  const { payload, signature } = query;
  if (!payload || !signature) throw new InboundRejected(401, 'missing signature');
  if (!sameHex(signature, hmac(secret, payload))) throw new InboundRejected(401, 'bad signature');
  return parseEvent(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The ledger's view of a sandbox event. */
export function toProviderEvent(event: SandboxEvent): ProviderEvent {
  return {
    provider: SANDBOX_PROVIDER,
    eventId: event.id,
    type: SANDBOX_EVENT_TYPES[event.type],
    paymentId: Number(event.merchantReference),
    orderReference: event.orderReference,
    amount: centavos(event.amount.value),
    currency: event.amount.currency,
    payload: event,
  };
}
