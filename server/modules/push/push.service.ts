// Web Push rules (docs/decisions/014-web-push.md): a signed-in customer authorizes this browser
// (authorizeDevice) or turns it off; the shop sends a message to every browser of a customer,
// after the change it announces has committed, and forgets the browsers the push service no
// longer knows. A failed push is logged (never with the subscription) and never thrown.
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { requireUser } from '../accounts/accounts.service';
import { enqueueJob } from '../../jobs/jobs';
import { deliverWebPush, type DeliveryOptions } from './push-delivery';
import { isTransient, retryPushJob, type PushRetry } from './push-retry.service';
import { endpointOf, parseRegistrationId, PUSH_MESSAGES } from './push-subscription';
import { pushSubscriptions } from './push.tables';

export const DEVICE_TYPES = ['WEB'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A customer's browsers beyond this many (the least recently authorized) are forgotten. */
export const MAX_DEVICES_PER_USER = 10;

/** What the service worker (public/sw.js) shows: a title, a line of text, and where a click leads. */
export type PushMessage = {
  title: string;
  body: string;
  /** A path on the shop (/account/order-details/12); the service worker opens it on click. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
};

export type PushReport = { sent: number; removed: number; failed: number };

/** The shop's VAPID public key: the applicationServerKey a browser subscribes with. */
export const webPushPublicKey = (ctx: Pick<ServiceContext, 'config'>) => ctx.config.vapid.publicKey;

const allowLoopback = (ctx: Pick<ServiceContext, 'config'>) => !ctx.config.isLive;

/**
 * Stores this browser's subscription for the signed-in customer. Authorizing the same
 * browser again updates its row (one per endpoint), also when another account signed in on it:
 * a browser shows the notifications of whoever turned them on last.
 */
export async function authorizeDevice(
  ctx: ServiceContext,
  input: { registrationId: string; type: DeviceType },
): Promise<PushSubscriptionRow> {
  const user = requireUser(ctx);
  const subscription = parseRegistrationId(input.registrationId, { allowLoopback: allowLoopback(ctx) });
  if (!subscription) throw new DomainError(PUSH_MESSAGES.invalidRegistration, 'registrationId');
  const now = new Date();
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({ userId: user.id, type: input.type, endpoint: subscription.endpoint, ...subscription.keys, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: user.id, type: input.type, ...subscription.keys, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error(`push subscription of user ${user.id} was not stored`);
  await forgetOldestDevices(ctx, user.id);
  return row;
}

async function forgetOldestDevices(ctx: ServiceContext, userId: number) {
  const keep = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES_PER_USER);
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
}

/**
 * Turns notifications off for this browser (its subscription JSON or endpoint): only the
 * signed-in customer's own row goes. Turning off a browser that is not on answers success.
 */
export async function unauthorizeDevice(ctx: ServiceContext, registrationId: string): Promise<void> {
  const user = requireUser(ctx);
  const endpoint = endpointOf(registrationId);
  if (!endpoint) throw new DomainError(PUSH_MESSAGES.invalidRegistration, 'registrationId');
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)));
}

/** The endpoints of the signed-in customer's browsers (the profile's toggle compares its own). */
export async function listOwnEndpoints(ctx: ServiceContext): Promise<string[]> {
  if (!ctx.user) return [];
  const rows = await ctx.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, ctx.user.id))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id));
  return rows.map((r) => r.endpoint);
}

/**
 * Sends the message to each of the user's browsers at once. Call it after the transaction
 * that caused it has committed. Subscriptions the push service answers 404 or 410 for are
 * deleted; any other failure is logged with the push service's origin only (the endpoint
 * path and keys address the browser and stay out of logs).
 */
export async function sendPushToUser(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>,
  userId: number,
  message: PushMessage,
  options: Partial<DeliveryOptions> = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, removed: 0, failed: 0 };
  try {
    const devices = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (devices.length === 0) return report;
    const payload = JSON.stringify(message);
    const gone: number[] = [];
    const retries: PushRetry[] = [];
    const deliveryOptions = { ttl: 24 * 60 * 60, ...options };
    await Promise.all(
      devices.map(async (device) => {
        const result = await deliverWebPush(
          ctx.config.vapid,
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          deliveryOptions,
        );
        if (result.outcome === 'sent') {
          report.sent++;
        } else if (result.outcome === 'gone') {
          gone.push(device.id);
        } else {
          report.failed++;
          if (isTransient(result)) retries.push({ subscriptionId: device.id, payload, options: deliveryOptions });
          ctx.log.warn(
            { subscriptionId: device.id, userId, pushService: originOf(device.endpoint), status: result.status, reason: result.reason },
            'web push not sent',
          );
        }
      }),
    );
    if (gone.length > 0) {
      await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      report.removed = gone.length;
      ctx.log.info({ userId, subscriptionIds: gone }, 'web push subscriptions expired and removed');
    }
    for (const retry of retries) await enqueueJob(ctx.db, retryPushJob, retry);
  } catch (error) {
    report.failed++;
    ctx.log.warn({ err: error, userId }, 'web push not sent');
  }
  return report;
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}
