// Payment events of staff actions on an order: a bank deposit confirmed after viewing its proof
// or cash collected on delivery (mark as paid), a refund and a void (through the gateway's
// provider when it can, else recorded as staff's word). Each runs in the caller's transaction
// and leaves a ledger entry; a refund's or a void's provider is asked after that transaction, in
// two steps (ADR 041; voids: paying/provider-steps.service.ts).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatPeso } from '../../../common/money';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { findGateway } from './gateways/gateways';
import { recordStaffPaymentEvent } from './payment-events.service';
import { queueProviderStep, VOIDED_CAPTURE_STATUS } from './paying/provider-steps.service';
import { completeLateRefundByHand, flaggedLateRefund } from './refunds/late-payment-refunds.service';
import { finishRefund, recordPendingRefund } from './refunds/refund-at-provider.service';
import { refundableAmount, type PaymentRefundRow } from './refunds/payment-refunds.service';
import { payments, type ChargeStatus, type PaymentEventType } from './payments.tables';
import type { PaymentRow } from './payments.service';

export const STAFF_PAYMENT_MESSAGES = {
  noPayment: 'This order has no payment.',
  alreadyPaid: 'This order is paid already.',
  refunded: 'This order\'s payment was refunded.',
  notPaid: 'Only a paid order can be refunded.',
  notVoidable: 'Only an unpaid payment can be voided.',
  voided: 'This order\'s payment was voided already.',
  providerFailed: 'The payment provider did not answer. Please try again.',
  providerPending:
    'The payment provider did not answer yet. The refund is kept as pending and checked with the provider again in a few minutes: please do not refund it again.',
  refundRefused: 'The payment provider refused the refund. Please check the payment in its dashboard.',
  voidRefused: 'The payment provider refused the void. Please check the payment in its dashboard.',
  voidPending: 'The payment provider did not answer yet. The void is checked with the provider again in a few minutes.',
  refundAmount: 'Please enter an amount to refund, more than ₱0.00.',
  nothingLeft: 'Nothing is left to refund: the rest of this payment is being refunded already.',
} as const;

/** Refusing a refund of more than is left. */
export const overRefundMessage = (left: number) => `The refund cannot be more than ${formatPeso(left)}, what is left of the payment.`;

export { VOIDED_CAPTURE_STATUS };

/** The order's current payment, locked for the caller's transaction. */
export async function lockActivePayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
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

async function setStatus(
  ctx: ServiceContext,
  payment: PaymentRow,
  type: PaymentEventType,
  chargeStatus: ChargeStatus,
  captureStatus: string,
): Promise<PaymentRow> {
  // Paid in whole by staff's word: all of it is taken (what a refund may give back, ADR 050).
  const charged = chargeStatus === 'FULLY_CHARGED' ? { chargedAmount: payment.total } : {};
  const [row] = await ctx.db.update(payments).set({ chargeStatus, captureStatus, ...charged }).where(eq(payments.id, payment.id)).returning();
  await recordStaffPaymentEvent(ctx, payment, type, { chargeStatus, captureStatus });
  return row!;
}

/** Bank deposit confirmed or cash collected: the payment becomes FULLY_CHARGED. */
export async function markOrderPaymentPaid(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const payment = await lockActivePayment(ctx, orderId);
  if (payment.chargeStatus === 'FULLY_CHARGED') throw new DomainError(STAFF_PAYMENT_MESSAGES.alreadyPaid, 'id');
  if (payment.chargeStatus === 'FULLY_REFUNDED') throw new DomainError(STAFF_PAYMENT_MESSAGES.refunded, 'id');
  if (payment.captureStatus === VOIDED_CAPTURE_STATUS) throw new DomainError(STAFF_PAYMENT_MESSAGES.voided, 'id');
  return setStatus(ctx, payment, 'PAID', 'FULLY_CHARGED', 'CAPTURED');
}

function checkRefundable(payment: PaymentRow): void {
  if (payment.chargeStatus === 'FULLY_REFUNDED') throw new DomainError(STAFF_PAYMENT_MESSAGES.refunded, 'id');
  // Paid in part (ADR 050): what was taken may be refunded.
  if (payment.chargeStatus !== 'FULLY_CHARGED' && payment.chargeStatus !== 'PARTIALLY_CHARGED') throw new DomainError(STAFF_PAYMENT_MESSAGES.notPaid, 'id');
}

function checkVoidable(payment: PaymentRow): void {
  if (payment.captureStatus === VOIDED_CAPTURE_STATUS) throw new DomainError(STAFF_PAYMENT_MESSAGES.voided, 'id');
  if (payment.chargeStatus === 'FULLY_CHARGED' || payment.chargeStatus === 'PARTIALLY_CHARGED' || payment.chargeStatus === 'FULLY_REFUNDED') {
    throw new DomainError(STAFF_PAYMENT_MESSAGES.notVoidable, 'id');
  }
}

export type RefundInput = {
  /** Centavos; default: all that is left. */
  amount?: number | null;
  reason?: string | null;
  /** Staff's reference of a refund made by hand (bank transfer number, ...). */
  reference?: string | null;
};

export type RecordedRefund = {
  refund: PaymentRefundRow;
  /** A flagged late payment staff refunded by hand: settled already, nothing to ask a provider. */
  settled: boolean;
};

/**
 * Step 1 of a staff refund (ADR 041), in the caller's transaction with the order locked: a paid
 * order's money to give back, in whole or in part (up to what is left), recorded PENDING under
 * the payment's row lock, so two refunds at once cannot give back more than was paid. The
 * provider is asked after that transaction commits (finishRefund, refund-at-provider.service.ts).
 */
export async function refundOrderPayment(ctx: ServiceContext, orderId: number, input: RefundInput = {}): Promise<RecordedRefund> {
  const payment = await lockActivePayment(ctx, orderId);
  const late = await flaggedLateRefund(ctx, payment.id);
  if (late) return { refund: (await completeLateRefundByHand(ctx, payment, late, input)).refund, settled: true };
  checkRefundable(payment);
  const left = await refundableAmount(ctx, payment);
  if (left <= 0) throw new DomainError(STAFF_PAYMENT_MESSAGES.nothingLeft, 'amount');
  const amount = input.amount ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError(STAFF_PAYMENT_MESSAGES.refundAmount, 'amount');
  if (amount > left) throw new DomainError(overRefundMessage(left), 'amount');
  const reason = (input.reason ?? '').trim().slice(0, 255);
  const reference = input.reference?.trim().slice(0, 100) || null;
  const refund = await recordPendingRefund(ctx, { paymentId: payment.id, orderId, kind: 'STAFF', amount, currency: payment.currency, reason, reference, actorUserId: ctx.user?.id ?? null });
  return { refund, settled: false };
}

/**
 * Steps 2 and 3 of a staff refund, after step 1 committed: the provider asked outside any lock,
 * its answer recorded. A refusal is staff's to know (the amount is refundable again); a provider
 * that did not answer leaves the refund pending for the settle job, which asks again with the
 * same idempotency key.
 */
export async function finishStaffRefund(ctx: ServiceContext, refundId: number): Promise<PaymentRefundRow | null> {
  const settled = await finishRefund(ctx, refundId);
  if (settled?.answer === 'refused') throw new DomainError(STAFF_PAYMENT_MESSAGES.refundRefused, 'id');
  if (settled?.answer === 'noAnswer') throw new DomainError(STAFF_PAYMENT_MESSAGES.providerPending, 'id');
  return settled?.refund ?? null;
}

/**
 * Step 1 of a void (ADR 041), in the caller's transaction with the order locked: an unpaid
 * payment (authorised, pending COD, waiting for a deposit) called off. One the provider can void
 * is left to the provider, asked after the caller commits (finishProviderStep) or by the job
 * queued here: answers its payment id. Else staff's word, recorded now: null.
 */
export async function voidOrderPayment(ctx: ServiceContext, orderId: number): Promise<{ pendingPaymentId: number | null }> {
  const payment = await lockActivePayment(ctx, orderId);
  checkVoidable(payment);
  if (findGateway(payment.gateway)?.void && payment.provider && payment.providerReference) {
    await queueProviderStep(ctx, payment.id, 'void');
    return { pendingPaymentId: payment.id };
  }
  // REJECTED, as a provider's void leaves it (PAYMENT_EVENT_EFFECTS): 'Rejected', not an empty label (ADR 045).
  await setStatus(ctx, payment, 'VOIDED', 'REJECTED', VOIDED_CAPTURE_STATUS);
  return { pendingPaymentId: null };
}

/**
 * What a cancelled or rejected order does with its payment (docs/product/orders-and-payments.md#refunds): a paid one is
 * refunded (what is left of it), an unpaid one voided, one refunded or voided already stays.
 * Returns what was done, and what the caller asks the provider once its transaction committed
 * (the refund row, the payment to void).
 */
export async function settleCancelledOrderPayment(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ done: 'refunded'; refundId: number | null } | { done: 'voided'; pendingPaymentId: number | null } | null> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.isActive), desc(payments.id)).limit(1);
  if (!payment || payment.chargeStatus === 'FULLY_REFUNDED' || payment.captureStatus === VOIDED_CAPTURE_STATUS) return null;
  // Paid in part (ADR 050): the part taken is refunded, nothing is voided.
  if (payment.chargeStatus === 'FULLY_CHARGED' || payment.chargeStatus === 'PARTIALLY_CHARGED') {
    // Refunded in parts already up to the whole (some still pending): nothing more to give back.
    // Else the rest is recorded here; the caller asks the provider once the order's change commits.
    if ((await refundableAmount(ctx, payment)) <= 0) return { done: 'refunded', refundId: null };
    const recorded = await refundOrderPayment(ctx, orderId);
    return { done: 'refunded', refundId: recorded.settled ? null : recorded.refund.id };
  }
  return { done: 'voided', ...(await voidOrderPayment(ctx, orderId)) };
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
