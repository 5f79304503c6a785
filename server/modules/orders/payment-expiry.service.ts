// Payment expiry (docs/product/orders-and-payments.md#payment-expiry): an order left unpaid past its gateway's payment window
// (staff's setting in payments/gateways/gateway-settings.ts, else gateway-rules.ts) is cancelled by a
// durable job through the order state machine ('expire': stock returned, a status log the
// customer sees), and the customer is reminded once when three quarters of the window have
// passed. Both jobs are queued in the checkout's transaction and check everything again in
// their own, under the order's row lock: a paid order, one awaiting review of its deposit slip,
// or one that moved on is left alone.
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { defineJob, enqueueJob, enqueueJobs, jobServiceContext } from '../../jobs/jobs';
import { sendEmail } from '../notifications/notifications.service';
import { paymentWindowMinutesFor } from '../payments/gateways/gateway-settings';
import { paymentOnOrderExpired } from '../payments/payment-lifecycle.service';
import { AUTHORIZED_CAPTURE_STATUS } from '../payments/payment-events.service';
import { lockPaymentsOfOrder, type PaymentRow } from '../payments/payments.service';
import { describeMinutes, paymentReminderEmail } from './order-emails';
import { paymentFactsOf } from './order-payment';
import { applyOrderEventInTransaction, notifyStatusChange, type AppliedEvent } from './order-transitions.service';
import type { OrderRow } from './orders.service';
import { orders } from './orders.tables';

/** The reminder goes out when this share of the window has passed. */
export const REMINDER_AT_SHARE = 0.75;

/** Charge statuses that mean nothing was paid or promised: only these orders expire. */
const UNPAID: readonly PaymentRow['chargeStatus'][] = ['NOT_CHARGED', 'FAILED', 'REJECTED'];

export const expiryNote = (windowMinutes: number) =>
  `Cancelled automatically: the payment was not received within ${describeMinutes(windowMinutes)}.`;


export const expireUnpaidOrderJob = defineJob<{ orderId: number }>(
  'orders.expire-unpaid',
  async ({ orderId }, ctx) => void (await expireUnpaidOrder(jobServiceContext(ctx), orderId)),
  { retryLimit: 10, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 },
);

export const remindUnpaidOrderJob = defineJob<{ orderId: number }>(
  'orders.remind-unpaid',
  async ({ orderId }, ctx) => void (await remindUnpaidOrder(jobServiceContext(ctx), orderId)),
  { retryLimit: 5, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 },
);

/** An order's payment deadline and reminder time. */
export type PaymentDeadline = { dueAt: Date; remindAt: Date };

/**
 * When an order placed now with this gateway must be paid (staff's window for it, else the
 * gateway's default), and when to remind; null for a gateway without a window. The order is
 * created with the deadline (no update afterwards), then queuePaymentExpiry.
 */
export async function paymentDeadline(ctx: ServiceContext, gateway: string | null, start: Date = new Date()): Promise<PaymentDeadline | null> {
  const minutes = gateway ? await paymentWindowMinutesFor(ctx, gateway) : null;
  if (minutes === null) return null;
  return {
    dueAt: new Date(start.getTime() + minutes * 60_000),
    remindAt: new Date(start.getTime() + minutes * 60_000 * REMINDER_AT_SHARE),
  };
}

/**
 * Queues the reminder and the expiry of an order created with this deadline. Call inside the
 * transaction that creates the order: the jobs exist only if it commits.
 */
export async function queuePaymentExpiry(ctx: ServiceContext, orderId: number, deadline: PaymentDeadline | null): Promise<void> {
  if (!deadline) return;
  // One statement for both (a round trip less in the order's transaction).
  await enqueueJobs(ctx.db, [
    { job: remindUnpaidOrderJob, payload: { orderId }, options: { runAt: deadline.remindAt, singletonKey: `order-${orderId}` } },
    { job: expireUnpaidOrderJob, payload: { orderId }, options: { runAt: deadline.dueAt, singletonKey: `order-${orderId}` } },
  ]);
}

type Lapse = { order: OrderRow; windowMinutes: number };

/** The order, locked, if it is still unpaid and waiting for its payment. */
async function lockedUnpaidOrder(ctx: ServiceContext, orderId: number): Promise<Lapse | null> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status !== 'UNFULFILLED' || !order.paymentDueAt || !order.gateway) return null;
  // A deposit slip awaits staff review: the customer did their part.
  if (order.proofOfBillingPath !== null) return null;
  const windowMinutes = await paymentWindowMinutesFor(ctx, order.gateway);
  if (windowMinutes === null) return null;
  // Locked too: a payment event waits for this transaction (and then finds the order cancelled).
  const facts = paymentFactsOf(order, await lockPaymentsOfOrder(ctx, order.id));
  // A pre-order's authorised PayPal payment is the customer's part done: it waits for staff (ADR 040).
  if (!UNPAID.includes(facts.paymentStatus) || facts.captureStatus === AUTHORIZED_CAPTURE_STATUS) return null;
  return { order, windowMinutes };
}

/**
 * Cancels the order if its payment window lapsed and it is still unpaid ('expire', stock
 * returned), then tells the customer. Safe to run any number of times, from any replica: the
 * row lock and the state machine let one run through. Returns the change, or null.
 */
export async function expireUnpaidOrder(ctx: ServiceContext, orderId: number): Promise<AppliedEvent | null> {
  const applied = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const lapse = await lockedUnpaidOrder(txCtx, orderId);
    if (!lapse) return null;
    // Early (a replica's clock behind the database's): try again at the deadline.
    if (lapse.order.paymentDueAt!.getTime() > Date.now()) {
      await enqueueJob(tx, expireUnpaidOrderJob, { orderId }, { runAt: lapse.order.paymentDueAt!, singletonKey: `order-${orderId}` });
      return null;
    }
    const applied = await applyOrderEventInTransaction(txCtx, orderId, 'expire', 'system', { note: expiryNote(lapse.windowMinutes) });
    // The payment that never came is FAILED, not 'Pending' on a cancelled order (ADR 045).
    await paymentOnOrderExpired(txCtx, applied.order, lapse.windowMinutes);
    return applied;
  });
  if (!applied) return null;
  ctx.log.info({ orderId, referenceKey: applied.order.referenceKey }, 'unpaid order expired');
  await notifyStatusChange(ctx, applied);
  return applied;
}

/**
 * Emails the "please pay" reminder once, if the order still waits for its payment. The mark and
 * the email are written in one transaction, so a second run finds the mark and sends nothing.
 */
export async function remindUnpaidOrder(ctx: ServiceContext, orderId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const lapse = await lockedUnpaidOrder(txCtx, orderId);
    if (!lapse || lapse.order.paymentReminderSentAt !== null) return false;
    const marked = await tx
      .update(orders)
      .set({ paymentReminderSentAt: new Date() })
      .where(and(eq(orders.id, orderId), isNull(orders.paymentReminderSentAt)))
      .returning({ id: orders.id });
    if (marked.length === 0) return false;
    await sendEmail(txCtx, paymentReminderEmail(lapse.order, lapse.order.paymentDueAt!, ctx.config.publicUrl));
    return true;
  });
}
