// A refund in two steps (docs/decisions/041-refunds-in-two-steps.md), shared by staff refunds
// (payments-staff.service.ts, and the refund of a cancelled or rejected order) and the refund of
// a payment that came after its order expired (late-payment-refunds.service.ts):
//   1. the caller records the refund PENDING, settledAt null, in its own committed transaction,
//      with the settle job queued in that transaction (recordPendingRefund);
//   2. the provider is asked outside any transaction or row lock, with the row's idempotency key
//      (askProviderToRefund), so a slow provider blocks no order and a retry refunds once;
//   3. its answer is recorded in a second transaction (settleRefund).
// A process that dies between the steps, or a database that fails at step 3, leaves the row
// unsettled: the settle job, queued with the row, asks the provider again with the same key and
// settles it. Nothing the provider gave back is lost, and nothing is given back twice.
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { defineJob, enqueueJob, jobServiceContext } from '../../../jobs/jobs';
import { DomainError } from '../../../lib/domain-error';
import { sendEmail } from '../../notifications/notifications.service';
import type { ProviderEvent } from '../gateways/gateway';
import { findGateway } from '../gateways/gateways';
import { recordPaymentEvent, recordStaffPaymentEvent, STAFF_EVENT_PROVIDER, type RecordedEvent } from '../payment-events.service';
import { refundTotals, updateRefund, type PaymentRefundRow } from './payment-refunds.service';
import { ProviderRefused, SettleByHand } from '../providers/provider';
import { paymentRefunds, payments } from '../payments.tables';
import type { PaymentRow } from '../payments.service';
import { lockPaymentOrder, paymentRefundedEmail } from '../payments.events';
import { ask } from '../../system/domain-events';

/**
 * What the provider said to one refund request: its event, 'byHand' when it cannot refund (no
 * provider session: Bank Deposit, Cash on Delivery; an API without refunds: Dragonpay, iPay88; a
 * sandbox session with nothing captured), a refusal (nothing was given back), or no answer (it
 * may or may not have refunded: the row stays unsettled and the same request is made again).
 */
export type RefundAnswer =
  | { kind: 'event'; event: ProviderEvent }
  | { kind: 'byHand' }
  | { kind: 'refused'; provider: string; issue: string }
  | { kind: 'noAnswer'; error: unknown };

/**
 * The idempotency key of a refund row's request (PayPal-Request-Id, Maya's request reference,
 * the sandbox's): the same for every attempt of that row, so only one refund is ever made of it.
 * A late payment keeps the key it had before ADR 041 (one late refund per payment).
 */
export function refundRequestId(row: Pick<PaymentRefundRow, 'id' | 'kind' | 'paymentId'>): string {
  return row.kind === 'LATE_PAYMENT' ? `late-refund-${row.paymentId}` : `refund-${row.id}`;
}

/** Seconds after a refund is recorded before the settle job looks at it: longer than a provider call may take (providers/http.ts: 30 s). */
export const SETTLE_JOB_DELAY_SECONDS = 90;


/**
 * Finishes a refund its request left unsettled (the process died, the provider did not answer,
 * the database failed at the settle step). A refund settled meanwhile is left alone; one whose
 * provider still does not answer fails the job, which pg-boss runs again later.
 */
export const settleRefundJob = defineJob<{ refundId: number }>(
  'payments.settle-refund',
  async ({ refundId }, ctx) => {
    const outcome = await finishRefund(jobServiceContext(ctx), refundId);
    if (outcome?.answer === 'noAnswer') throw new Error(`refund ${refundId}: the provider did not answer`);
  },
  { retryLimit: 20, retryDelaySeconds: 60, backoff: true, expireInSeconds: 120 },
);

/**
 * Step 1, in the caller's transaction (the order and the payment locked by it): the refund row,
 * PENDING and unsettled, and its settle job, which exist only if that transaction commits.
 */
export async function recordPendingRefund(
  ctx: ServiceContext,
  values: Pick<typeof paymentRefunds.$inferInsert, 'paymentId' | 'orderId' | 'kind' | 'amount' | 'currency' | 'reason' | 'reference' | 'actorUserId'>,
): Promise<PaymentRefundRow> {
  const [row] = await ctx.db
    .insert(paymentRefunds)
    .values({ ...values, status: 'PENDING', settledAt: null })
    .returning();
  await enqueueJob(ctx.db, settleRefundJob, { refundId: row!.id }, {
    runAt: new Date(Date.now() + SETTLE_JOB_DELAY_SECONDS * 1000),
    singletonKey: `settle-refund-${row!.id}`,
  });
  return row!;
}

/**
 * Step 2, outside any transaction: asks the payment's provider to give the row's amount back,
 * with the row's idempotency key. Never throws for what the provider said or failed to say.
 */
export async function askProviderToRefund(ctx: ServiceContext, payment: PaymentRow, row: PaymentRefundRow): Promise<RefundAnswer> {
  const gateway = findGateway(payment.gateway);
  if (!gateway?.refund || !payment.provider || !payment.providerReference) return { kind: 'byHand' };
  try {
    const event = await gateway.refund(ctx, payment, { amount: row.amount, reason: row.reason, requestId: refundRequestId(row) });
    return { kind: 'event', event };
  } catch (error) {
    if (error instanceof SettleByHand || error instanceof DomainError) return { kind: 'byHand' };
    if (error instanceof ProviderRefused) {
      ctx.log.warn({ paymentId: payment.id, refundId: row.id, provider: error.provider, issue: error.issue }, 'provider refused the refund');
      return { kind: 'refused', provider: error.provider, issue: error.issue };
    }
    ctx.log.warn({ err: error, paymentId: payment.id, refundId: row.id }, 'provider did not answer the refund');
    return { kind: 'noAnswer', error };
  }
}

/**
 * Ties the provider's refund to its payment_refunds row (so a later notice of it finds the row)
 * and records the provider's answer in the ledger, which completes the row (COMPLETED) or leaves
 * it PENDING until the provider's notice.
 */
export async function recordProviderRefund(ctx: ServiceContext, refundRowId: number, event: ProviderEvent): Promise<RecordedEvent> {
  const refundId = event.refundId ?? event.eventId;
  await updateRefund(ctx, refundRowId, { provider: event.provider, providerRefundId: refundId });
  return recordPaymentEvent(ctx, { ...event, refundId });
}

export type SettledRefund = {
  refund: PaymentRefundRow;
  /** What the provider said; 'settledBefore' when another attempt (the job, a replica) settled it first. */
  answer: RefundAnswer['kind'] | 'settledBefore';
};

/**
 * Step 3, its own transaction under the ledger's locks (the order, then the payment, then the
 * refund row): records the provider's answer once. A provider's event completes the row (or
 * leaves it PENDING at the provider, tied to its refund id); a refund by hand is staff's word
 * (a late payment waits for staff instead); a refusal gives the amount back (FAILED; a late
 * payment waits for staff). The customer is emailed what was refunded. No answer: nothing moves.
 */
export async function settleRefund(ctx: ServiceContext, refundId: number, answer: RefundAnswer): Promise<SettledRefund | null> {
  if (answer.kind === 'noAnswer') {
    const [row] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    return row ? { refund: row, answer: 'noAnswer' } : null;
  }
  return ctx.db.transaction(async (db) => {
    const tx: ServiceContext = { ...ctx, db };
    const [found] = await db.select({ orderId: paymentRefunds.orderId, paymentId: paymentRefunds.paymentId }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    if (!found) return null;
    const order = found.orderId ? await ask(lockPaymentOrder)(tx, found.orderId) : null;
    const [payment] = await db.select().from(payments).where(eq(payments.id, found.paymentId)).for('update');
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update');
    if (!payment || !row) return null;
    if (row.settledAt) return { refund: row, answer: 'settledBefore' as const };
    const late = row.kind === 'LATE_PAYMENT';
    if (answer.kind === 'event') {
      await recordProviderRefund(tx, row.id, answer.event);
    } else if (late) {
      await updateRefund(tx, row.id, { status: 'NEEDS_STAFF' });
      ctx.log.warn({ paymentId: payment.id, orderId: row.orderId, gateway: payment.gateway }, 'late payment needs a refund by staff');
    } else if (answer.kind === 'refused') {
      await updateRefund(tx, row.id, { status: 'FAILED', provider: payment.provider });
    } else {
      await updateRefund(tx, row.id, { status: 'COMPLETED', provider: STAFF_EVENT_PROVIDER });
      const whole = (await refundTotals(tx, payment.id)).completed >= payment.total;
      const next = whole ? { chargeStatus: 'FULLY_REFUNDED' as const, captureStatus: payment.captureStatus } : null;
      if (next) await db.update(payments).set(next).where(eq(payments.id, payment.id));
      await recordStaffPaymentEvent(tx, payment, 'REFUNDED', next, { amount: row.amount, refundId: row.id, reference: row.reference });
    }
    const [settled] = await db
      .update(paymentRefunds)
      .set({ settledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(paymentRefunds.id, row.id), isNull(paymentRefunds.settledAt)))
      .returning();
    const given = settled!.status === 'COMPLETED' || settled!.status === 'PENDING';
    if (order && given) {
      const cause = late ? ('expired' as const) : ('staff' as const);
      await sendEmail(tx, ask(paymentRefundedEmail)(order, { amount: row.amount, reason: row.reason, cause, pending: settled!.status === 'PENDING' }, ctx.config.publicUrl));
    }
    return { refund: settled!, answer: answer.kind };
  });
}

/**
 * Steps 2 and 3 for a recorded refund: what the request after step 1 does, and what the settle
 * job does for a refund left unsettled. Null when there is no such refund.
 */
export async function finishRefund(ctx: ServiceContext, refundId: number): Promise<SettledRefund | null> {
  const [row] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!row) return null;
  if (row.settledAt) return { refund: row, answer: 'settledBefore' };
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, row.paymentId));
  if (!payment) return null;
  return settleRefund(ctx, row.id, await askProviderToRefund(ctx, payment, row));
}
