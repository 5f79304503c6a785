// Payment events of staff actions on an order: a bank deposit confirmed after viewing its proof
// or cash collected on delivery (mark as paid), a refund and a void (through the gateway's
// provider when it can, else recorded as staff's word), and the held saved card charged when
// the order is confirmed. Each runs in the caller's transaction and leaves a ledger entry; a
// refund's provider is asked after that transaction, in two steps (ADR 041).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatPeso } from '../../../common/money';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { PAYMAYA_VAULT } from './gateways/gateway-rules';
import { findGateway } from './gateways/gateways';
import { recordPaymentEvent, recordStaffPaymentEvent } from './payment-events.service';
import { ProviderRefused, SettleByHand } from './providers/provider';
import { MAYA_PROVIDER, mayaPaymentEvent } from './providers/maya/maya.provider';
import { chargeSavedCard } from './saved-cards/saved-cards.service';
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
  cardNotCharged: 'The saved card could not be charged. Please try again.',
  refundAmount: 'Please enter an amount to refund, more than ₱0.00.',
  nothingLeft: 'Nothing is left to refund: the rest of this payment is being refunded already.',
} as const;

/** Refusing a refund of more than is left. */
export const overRefundMessage = (left: number) => `The refund cannot be more than ${formatPeso(left)}, what is left of the payment.`;

export const VOIDED_CAPTURE_STATUS = 'VOIDED';

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
  const [row] = await ctx.db.update(payments).set({ chargeStatus, captureStatus }).where(eq(payments.id, payment.id)).returning();
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
  if (payment.chargeStatus !== 'FULLY_CHARGED') throw new DomainError(STAFF_PAYMENT_MESSAGES.notPaid, 'id');
}

function checkVoidable(payment: PaymentRow): void {
  if (payment.captureStatus === VOIDED_CAPTURE_STATUS) throw new DomainError(STAFF_PAYMENT_MESSAGES.voided, 'id');
  if (payment.chargeStatus === 'FULLY_CHARGED' || payment.chargeStatus === 'FULLY_REFUNDED') {
    throw new DomainError(STAFF_PAYMENT_MESSAGES.notVoidable, 'id');
  }
}

/**
 * Asks the payment's provider to void it and records the provider's event in the ledger.
 * Answers 'done' when the event moved the payment, 'pending' when the provider took it but has
 * not finished, and 'byHand' when the provider cannot (no provider session: bank deposit, cash
 * on delivery; or an API without it: staff settle in the provider's dashboard). A provider's
 * refusal throws: nothing moved.
 */
async function voidAtProvider(ctx: ServiceContext, payment: PaymentRow): Promise<'done' | 'pending' | 'byHand'> {
  const gateway = findGateway(payment.gateway);
  if (!gateway?.void || !payment.provider || !payment.providerReference) return 'byHand';
  let event;
  try {
    event = await gateway.void(ctx, payment);
  } catch (error) {
    if (error instanceof SettleByHand) return 'byHand';
    if (error instanceof ProviderRefused) {
      ctx.log.warn({ paymentId: payment.id, provider: error.provider, action: 'void', issue: error.issue }, 'provider refused');
      throw new DomainError(STAFF_PAYMENT_MESSAGES.voidRefused, 'id');
    }
    // A session the sandbox cannot settle (e.g. one declined already has nothing to void): staff's word.
    if (error instanceof DomainError) return 'byHand';
    ctx.log.warn({ err: error, paymentId: payment.id, action: 'void' }, 'provider settlement failed');
    throw new DomainError(STAFF_PAYMENT_MESSAGES.providerFailed, 'id');
  }
  const recorded = await recordPaymentEvent(ctx, event);
  if (event.type === 'PENDING') return 'pending';
  return recorded.outcome === 'APPLIED' ? 'done' : 'byHand';
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

/** An unpaid payment (authorised, pending COD, waiting for a deposit) called off, at the provider when it can. */
export async function voidOrderPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow> {
  const payment = await lockActivePayment(ctx, orderId);
  checkVoidable(payment);
  if ((await voidAtProvider(ctx, payment)) !== 'byHand') return lockActivePayment(ctx, orderId);
  // REJECTED, as a provider's void leaves it (PAYMENT_EVENT_EFFECTS): 'Rejected', not an empty label (ADR 045).
  return setStatus(ctx, payment, 'VOIDED', 'REJECTED', VOIDED_CAPTURE_STATUS);
}

/**
 * What a cancelled or rejected order does with its payment (docs/product/orders-and-payments.md#refunds): a paid one is
 * refunded (what is left of it), an unpaid one voided, one refunded or voided already stays.
 * Returns what was done.
 */
export async function settleCancelledOrderPayment(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ done: 'refunded'; refundId: number | null } | { done: 'voided' } | null> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.isActive), desc(payments.id)).limit(1);
  if (!payment || payment.chargeStatus === 'FULLY_REFUNDED' || payment.captureStatus === VOIDED_CAPTURE_STATUS) return null;
  if (payment.chargeStatus === 'FULLY_CHARGED') {
    // Refunded in parts already up to the whole (some still pending): nothing more to give back.
    // Else the rest is recorded here; the caller asks the provider once the order's change commits.
    if ((await refundableAmount(ctx, payment)) <= 0) return { done: 'refunded', refundId: null };
    const recorded = await refundOrderPayment(ctx, orderId);
    return { done: 'refunded', refundId: recorded.settled ? null : recorded.refund.id };
  }
  await voidOrderPayment(ctx, orderId);
  return { done: 'voided' };
}

/**
 * Staff confirmed the order: a Paymaya Vault payment's saved card, held since checkout
 * (docs/product/cart-and-checkout.md#pre-orders), is charged now; Maya's answer goes into the ledger. A decline leaves the
 * payment FAILED for staff to see. Runs in the confirmation's transaction. Returns the outcome,
 * or null when the order has no held card to charge.
 */
export async function chargeHeldCard(ctx: ServiceContext, orderId: number): Promise<'charged' | 'declined' | null> {
  const payment = await lockActivePayment(ctx, orderId).catch(() => null);
  if (!payment || payment.gateway !== PAYMAYA_VAULT || !['NOT_CHARGED', 'FAILED'].includes(payment.chargeStatus) || !payment.userId) return null;
  let charged;
  try {
    charged = await chargeSavedCard(ctx, { userId: payment.userId, cardId: Number(payment.token), amount: payment.total, reference: String(payment.id) });
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id }, 'held card not charged');
    throw new DomainError(STAFF_PAYMENT_MESSAGES.cardNotCharged, 'id');
  }
  await ctx.db.update(payments).set({ provider: MAYA_PROVIDER, providerReference: charged.id }).where(eq(payments.id, payment.id));
  const recorded = await recordPaymentEvent(ctx, mayaPaymentEvent(charged));
  return recorded.chargeStatus === 'FULLY_CHARGED' ? 'charged' : 'declined';
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
