// A payment that arrives after its order expired (the expiry job cancelled the order and
// returned its stock) is money the shop does not count as paid: it is given back by itself,
// through the provider when its API can (PayPal, Maya, the sandbox), else flagged for staff on
// the order and the dashboard (Dragonpay, iPay88, or a provider that refused). Exactly once: the
// ledger queues the job only when it records the late PAID event (a replay is a duplicate), the
// job records the refund under the order's and the payment's row locks, one LATE_PAYMENT refund
// row per payment is allowed (unique index), and the provider is asked after that commits with
// one idempotency key per payment (ADR 041), so replicas and retries refund once.
import { and, asc, count, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { defineJob, enqueueJob, jobServiceContext } from '../../../jobs/jobs';
import { sendEmail } from '../../notifications/notifications.service';
import { recordStaffPaymentEvent, STAFF_EVENT_PROVIDER } from '../payment-events.service';
import type { PaymentRefundRow } from './payment-refunds.service';
import { paymentEvents, paymentRefunds, payments } from '../payments.tables';
import type { PaymentRow } from '../payments.service';
import { finishRefund, recordPendingRefund } from './refund-at-provider.service';
import { lockPaymentOrder, paymentRefundedEmail } from '../payments.events';
import { ask } from '../../system/domain-events';

export const LATE_REFUND_REASON = 'The payment arrived after the order had expired.';

const CLOSED_ORDER_STATUSES: readonly string[] = ['CANCELED', 'REJECTED'];


export const refundLatePaymentJob = defineJob<{ paymentId: number }>(
  'payments.refund-late-payment',
  async ({ paymentId }, ctx) => void (await refundLatePayment(jobServiceContext(ctx), paymentId)),
  // A provider that does not answer is asked again (the job's transaction rolled back).
  {
    retryLimit: 10,
    retryDelaySeconds: 60,
    backoff: true,
    expireInSeconds: 120,
  },
);

/** Queues the refund, in the ledger's transaction (the job exists only if the late event is recorded). */
export async function queueLatePaymentRefund(ctx: ServiceContext, paymentId: number): Promise<void> {
  await enqueueJob(ctx.db, refundLatePaymentJob, { paymentId }, { singletonKey: `late-refund-${paymentId}` });
}

export type LateRefundOutcome = 'refunded' | 'pending' | 'needsStaff';

/**
 * Refunds the late payment of `paymentId` once: the amount its PAID event stated, through the
 * provider, then emails the customer (in the settle step). Two steps (ADR 041): the refund row
 * is recorded under the order's and the payment's locks and committed, then the provider is
 * asked outside them. Returns what happened, or null when there is nothing (more) to do: no late
 * payment, the order not closed, or refunded (or flagged) before. A run after a crash between
 * the steps finds the row unsettled and finishes it with the same idempotency key.
 */
export async function refundLatePayment(ctx: ServiceContext, paymentId: number): Promise<LateRefundOutcome | null> {
  const refundId = await ctx.db.transaction(async (db) => {
    const tx: ServiceContext = { ...ctx, db };
    // The ledger's lock order: the order, then the payment.
    const [found] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    const order = found?.orderId ? await ask(lockPaymentOrder)(tx, found.orderId) : null;
    if (!order || !CLOSED_ORDER_STATUSES.includes(order.status)) return null;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    // Paid in whole: nothing came late. Paid in part (ADR 050): a late rest is still refunded.
    if (!payment || payment.chargeStatus === 'FULLY_CHARGED') return null;
    const [done] = await db
      .select({ id: paymentRefunds.id, settledAt: paymentRefunds.settledAt })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.kind, 'LATE_PAYMENT')));
    if (done) return done.settledAt ? null : done.id;
    const [paid] = await db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.paymentId, paymentId),
          eq(paymentEvents.type, 'PAID'),
          eq(paymentEvents.outcome, 'IGNORED'),
        ),
      )
      .orderBy(asc(paymentEvents.id))
      .limit(1);
    if (!paid) return null;
    const row = await recordPendingRefund(tx, {
      paymentId,
      orderId: order.id,
      kind: 'LATE_PAYMENT',
      amount: paid.amount ?? payment.total,
      currency: payment.currency,
      reason: LATE_REFUND_REASON,
      reference: null,
      actorUserId: null,
    });
    return row.id;
  });
  if (refundId === null) return null;
  const settled = await finishRefund(ctx, refundId);
  // The provider did not answer: the job fails and pg-boss runs it again (the row waits unsettled).
  if (!settled || settled.answer === 'noAnswer') throw new Error(`late refund ${refundId}: the provider did not answer`);
  // Another run (a replica, the settle job) settled it first, and told the customer.
  if (settled.answer === 'settledBefore') return null;
  const { status, amount, orderId } = settled.refund;
  if (status === 'NEEDS_STAFF' || status === 'FAILED') return 'needsStaff';
  ctx.log.info({ paymentId, orderId, amount, status }, 'late payment refunded');
  return status === 'PENDING' ? 'pending' : 'refunded';
}

/** The payment's late refund waiting for staff, if any (locked with the payment by the caller). */
export async function flaggedLateRefund(ctx: ServiceContext, paymentId: number): Promise<PaymentRefundRow | null> {
  const [row] = await ctx.db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.kind, 'LATE_PAYMENT'),
        eq(paymentRefunds.status, 'NEEDS_STAFF'),
      ),
    );
  return row ?? null;
}

/**
 * Staff gave a flagged late payment back by hand (the provider's dashboard, a bank transfer):
 * the row is completed with their reference, the ledger keeps their word, the customer is told.
 */
export async function completeLateRefundByHand(
  ctx: ServiceContext,
  payment: PaymentRow,
  late: PaymentRefundRow,
  input: { reference?: string | null },
): Promise<{ payment: PaymentRow; refund: PaymentRefundRow; left: number }> {
  const reference = input.reference?.trim().slice(0, 100) || null;
  await ctx.db
    .update(paymentRefunds)
    .set({
      status: 'COMPLETED',
      provider: STAFF_EVENT_PROVIDER,
      reference,
      actorUserId: ctx.user?.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(paymentRefunds.id, late.id));
  await recordStaffPaymentEvent(ctx, payment, 'REFUNDED', null, {
    amount: late.amount,
    refundId: late.id,
    reference,
  });
  const order = payment.orderId ? await ask(lockPaymentOrder)(ctx, payment.orderId) : null;
  if (order)
    await sendEmail(
      ctx,
      ask(paymentRefundedEmail)(
        order,
        {
          amount: late.amount,
          reason: LATE_REFUND_REASON,
          cause: 'expired',
          pending: false,
        },
        ctx.config.publicUrl,
      ),
    );
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, late.id));
  return { payment, refund: refund!, left: 0 };
}

/** Late payments waiting for staff to refund them by hand (the staff dashboard). */
export async function latePaymentsToRefund(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.kind, 'LATE_PAYMENT'), eq(paymentRefunds.status, 'NEEDS_STAFF')));
  return row?.n ?? 0;
}
