// Payment events staff record on an order: a bank deposit confirmed after viewing its proof or
// cash collected on delivery (mark as paid), a refund and a void. The gateway seam has no
// refund or void call yet (gateway.ts), so the money itself moves at the provider by staff's
// hand; these record the outcome. Each runs in the caller's transaction.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { payments, type ChargeStatus } from './payments.tables';
import type { PaymentRow } from './payments.service';

export const STAFF_PAYMENT_MESSAGES = {
  noPayment: 'This order has no payment.',
  alreadyPaid: 'This order is paid already.',
  refunded: 'This order\'s payment was refunded.',
  notPaid: 'Only a paid order can be refunded.',
  notVoidable: 'Only an unpaid payment can be voided.',
  voided: 'This order\'s payment was voided already.',
} as const;

export const VOIDED_CAPTURE_STATUS = 'VOIDED';

/** The order's current payment, locked for the caller's transaction. */
async function lockActivePayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.isActive), desc(payments.id))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (!row) throw new DomainError(STAFF_PAYMENT_MESSAGES.noPayment, 'id');
  return row;
}

async function setStatus(ctx: ServiceContext, payment: PaymentRow, chargeStatus: ChargeStatus, captureStatus: string): Promise<PaymentRow> {
  const [row] = await ctx.db.update(payments).set({ chargeStatus, captureStatus }).where(eq(payments.id, payment.id)).returning();
  return row!;
}

/** Bank deposit confirmed or cash collected: the payment becomes FULLY_CHARGED. */
export async function markOrderPaymentPaid(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const payment = await lockActivePayment(ctx, orderId);
  if (payment.chargeStatus === 'FULLY_CHARGED') throw new DomainError(STAFF_PAYMENT_MESSAGES.alreadyPaid, 'id');
  if (payment.chargeStatus === 'FULLY_REFUNDED') throw new DomainError(STAFF_PAYMENT_MESSAGES.refunded, 'id');
  if (payment.captureStatus === VOIDED_CAPTURE_STATUS) throw new DomainError(STAFF_PAYMENT_MESSAGES.voided, 'id');
  return setStatus(ctx, payment, 'FULLY_CHARGED', 'CAPTURED');
}

/** A paid order's money returned: FULLY_REFUNDED. */
export async function refundOrderPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const payment = await lockActivePayment(ctx, orderId);
  if (payment.chargeStatus === 'FULLY_REFUNDED') throw new DomainError(STAFF_PAYMENT_MESSAGES.refunded, 'id');
  if (payment.chargeStatus !== 'FULLY_CHARGED') throw new DomainError(STAFF_PAYMENT_MESSAGES.notPaid, 'id');
  return setStatus(ctx, payment, 'FULLY_REFUNDED', payment.captureStatus);
}

/** An unpaid payment (authorised, pending COD, waiting for a deposit) called off. */
export async function voidOrderPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const payment = await lockActivePayment(ctx, orderId);
  if (payment.captureStatus === VOIDED_CAPTURE_STATUS) throw new DomainError(STAFF_PAYMENT_MESSAGES.voided, 'id');
  if (payment.chargeStatus === 'FULLY_CHARGED' || payment.chargeStatus === 'FULLY_REFUNDED') {
    throw new DomainError(STAFF_PAYMENT_MESSAGES.notVoidable, 'id');
  }
  return setStatus(ctx, payment, payment.chargeStatus, VOIDED_CAPTURE_STATUS);
}

/**
 * What a cancelled or rejected order does with its payment (DECISIONS.md): a paid one is
 * refunded, an unpaid one voided, one refunded or voided already stays. Returns what was done.
 */
export async function settleCancelledOrderPayment(ctx: ServiceContext, orderId: number): Promise<'refunded' | 'voided' | null> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.isActive), desc(payments.id)).limit(1);
  if (!payment || payment.chargeStatus === 'FULLY_REFUNDED' || payment.captureStatus === VOIDED_CAPTURE_STATUS) return null;
  if (payment.chargeStatus === 'FULLY_CHARGED') {
    await refundOrderPayment(ctx, orderId);
    return 'refunded';
  }
  await voidOrderPayment(ctx, orderId);
  return 'voided';
}

/**
 * Order ids whose current payment has one of these charge statuses, as a subquery the orders
 * module filters on (the back office's paymentStatus filter).
 */
export function ordersWithChargeStatus(ctx: ServiceContext, statuses: readonly ChargeStatus[]) {
  return ctx.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.isActive, true), inArray(payments.chargeStatus, [...statuses])));
}
