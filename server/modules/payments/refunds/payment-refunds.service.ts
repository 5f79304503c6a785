// The refunds of a payment (payment_refunds): what has been given back and what may still be.
// Rows are written only under the payment's row lock (staff refunds, the ledger, the late-payment
// refund), so the sums read here under that lock are exact: two refunds at once cannot give back
// more than was paid. A provider's later notice of a refund (PayPal's webhook of a PENDING
// refund) finds its row by the provider's refund id and completes it, or reopens its amount.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import type { ProviderEvent } from '../gateways/gateway';
import { paymentRefunds, type PaymentEventOutcome, type RefundStatus } from '../payments.tables';
import type { PaymentRow } from '../payments.service';
import { raise } from '../../system/domain-events';
import { refundCompleted } from '../payments.events';
import { chargedAmountOf } from '../paying/payment-amounts';

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** Charge statuses a refund may be made from (money was taken). */
export const REFUNDABLE_STATUSES: readonly PaymentRow['chargeStatus'][] = ['FULLY_CHARGED', 'PARTIALLY_CHARGED'];

export type RefundTotals = {
  /** Centavos given back or on their way (PENDING and COMPLETED): what may not be refunded again. */
  reserved: number;
  /** Centavos the provider (or staff) confirmed given back. */
  completed: number;
};

/** The payment's refunds so far (a late payment's refund is not the order's: it is left out). */
export async function refundTotals(ctx: ServiceContext, paymentId: number): Promise<RefundTotals> {
  const [row] = await ctx.db
    .select({
      reserved: sql<number>`coalesce(sum(${paymentRefunds.amount}) filter (where ${paymentRefunds.status} in ('PENDING', 'COMPLETED')), 0)::int`,
      completed: sql<number>`coalesce(sum(${paymentRefunds.amount}) filter (where ${paymentRefunds.status} = 'COMPLETED'), 0)::int`,
    })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.kind, 'LATE_PAYMENT')));
  return {
    reserved: Number(row?.reserved ?? 0),
    completed: Number(row?.completed ?? 0),
  };
}

/** What may still be refunded of this payment, centavos. */
export async function refundableAmount(ctx: ServiceContext, payment: PaymentRow): Promise<number> {
  if (!REFUNDABLE_STATUSES.includes(payment.chargeStatus)) return 0;
  return Math.max(0, chargedAmountOf(payment) - (await refundTotals(ctx, payment.id)).reserved);
}

/** The refunds of these payments, oldest first (staff's order page). */
export async function refundsOfPayments(
  ctx: ServiceContext,
  paymentIds: readonly number[],
): Promise<PaymentRefundRow[]> {
  if (paymentIds.length === 0) return [];
  return ctx.db
    .select()
    .from(paymentRefunds)
    .where(
      sql`${paymentRefunds.paymentId} in (${sql.join(
        paymentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(paymentRefunds.id));
}

export async function updateRefund(
  ctx: ServiceContext,
  id: number,
  values: Partial<Pick<PaymentRefundRow, 'status' | 'provider' | 'providerRefundId' | 'reference'>>,
): Promise<void> {
  const [before] = values.status === 'COMPLETED' ? await ctx.db.select({ status: paymentRefunds.status }).from(paymentRefunds).where(eq(paymentRefunds.id, id)) : [];
  const [row] = await ctx.db
    .update(paymentRefunds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentRefunds.id, id))
    .returning();
  if (row && before && before.status !== 'COMPLETED') await onRefundCompleted(ctx, row);
}

/** A refund of the order's sale is done: its credit memo (compliance), in this transaction. */
async function onRefundCompleted(ctx: ServiceContext, row: PaymentRefundRow): Promise<void> {
  if (row.kind === 'LATE_PAYMENT' || row.orderId === null) return;
  await raise(ctx, refundCompleted, { refundId: row.id, orderId: row.orderId, paymentId: row.paymentId, amount: row.amount, reason: row.reason });
}

export type RefundNoticeEffect = {
  outcome: PaymentEventOutcome;
  fullyRefunded: boolean;
};

const FINISHED_BY: Partial<Record<ProviderEvent['type'], RefundStatus>> = {
  REFUNDED: 'COMPLETED',
  REFUND_FAILED: 'FAILED',
};

/**
 * What a provider's refund event does to the payment's refunds, in the ledger's transaction with
 * the payment locked: our own refund of that id is completed (REFUNDED) or failed, its amount
 * refundable again (REFUND_FAILED; a late payment's goes to staff instead); a refund the shop
 * did not ask for (made in the provider's dashboard) is added, up to what is left. Answers the
 * ledger outcome and whether the payment is now refunded in whole.
 */
export async function applyRefundNotice(
  ctx: ServiceContext,
  payment: PaymentRow,
  event: ProviderEvent,
): Promise<RefundNoticeEffect> {
  const done = async (outcome: PaymentEventOutcome): Promise<RefundNoticeEffect> => ({
    outcome,
    fullyRefunded: (await refundTotals(ctx, payment.id)).completed >= chargedAmountOf(payment),
  });
  const [row] = event.refundId
    ? await ctx.db
        .select()
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.provider, event.provider),
            eq(paymentRefunds.providerRefundId, event.refundId),
            eq(paymentRefunds.paymentId, payment.id),
          ),
        )
        .for('update')
    : [];
  if (row) {
    if (event.amount !== null && event.amount !== row.amount) return done('MISMATCH');
    const next = FINISHED_BY[event.type];
    // Still pending, or finished already (a replay under a new id, or out of order): nothing moves.
    if (!next || row.status !== 'PENDING') return done('IGNORED');
    await updateRefund(ctx, row.id, {
      status: next === 'FAILED' && row.kind === 'LATE_PAYMENT' ? 'NEEDS_STAFF' : next,
    });
    return done('APPLIED');
  }
  if (event.type !== 'REFUNDED' || !REFUNDABLE_STATUSES.includes(payment.chargeStatus)) return done('IGNORED');
  const left = chargedAmountOf(payment) - (await refundTotals(ctx, payment.id)).reserved;
  // Without a refund id the provider says the payment as a whole is refunded: whatever was left.
  const amount = event.refundId ? (event.amount ?? left) : left;
  if (amount <= 0) return done('IGNORED');
  if (amount > left) return done('MISMATCH');
  const [added] = await ctx.db.insert(paymentRefunds).values({
    paymentId: payment.id,
    orderId: payment.orderId,
    kind: 'PROVIDER',
    status: 'COMPLETED',
    amount,
    currency: payment.currency,
    reason: 'Refunded at the payment provider',
    provider: event.provider,
    providerRefundId: event.refundId ?? event.eventId,
  }).returning();
  if (added) await onRefundCompleted(ctx, added);
  return done('APPLIED');
}

export type OrderRefundFacts = {
  refunds: PaymentRefundRow[];
  /** Centavos given back (completed), late payments left out. */
  refunded: number;
  /** Centavos staff may still refund. */
  refundable: number;
  /** A late payment waiting for staff to refund it by hand. */
  lateRefundNeedsStaff: boolean;
};

/** Staff's view of an order's refunds: what was given back, what is left, what waits for them. */
export async function orderRefundFacts(
  ctx: ServiceContext,
  orderPayments: readonly PaymentRow[],
): Promise<OrderRefundFacts> {
  const refunds = await refundsOfPayments(
    ctx,
    orderPayments.map((p) => p.id),
  );
  const active = orderPayments.find((p) => p.isActive) ?? orderPayments[0] ?? null;
  const counted = refunds.filter((r) => r.kind !== 'LATE_PAYMENT' && r.paymentId === active?.id);
  const sum = (statuses: readonly RefundStatus[]) =>
    counted.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + r.amount, 0);
  return {
    refunds,
    refunded: sum(['COMPLETED']),
    refundable:
      active && REFUNDABLE_STATUSES.includes(active.chargeStatus)
        ? Math.max(0, chargedAmountOf(active) - sum(['PENDING', 'COMPLETED']))
        : 0,
    lateRefundNeedsStaff: refunds.some((r) => r.kind === 'LATE_PAYMENT' && r.status === 'NEEDS_STAFF'),
  };
}
