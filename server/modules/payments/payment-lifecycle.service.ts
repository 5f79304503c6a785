// The payment states the shop itself causes (docs/decisions/045-payment-status-follows-what-happened.md).
// The payment status label (docs/product/orders-and-payments.md#payment-status-label) reads states no provider reports: a Bank Deposit order staff
// confirmed asks for the deposit (UNFULFILLED_ORDER_CONFIRMED), a refused slip asks for another
// (BANK_DEPOSIT_CAPTURE_FAILED), cash on delivery is agreed or refused (CASH_ON_DELIVERY_CAPTURE_*)
// and is collected once the parcel ships (CASH_ON_DELIVERY_PENDING), an unpaid order's window lapses
// (FAILED). Each is recorded here at the event that causes it, in the caller's transaction (the
// order is locked by it, then its payment here, the lock order of every payment change), as a
// ledger entry of provider 'staff' (a staff action) or 'shop' (the customer or a job), so the
// order's timeline shows it (orders/order-timeline.ts) and every status has an event behind it.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { paymentStatusLabel } from '../../../common/orders/payment-status-label';
import type { OrderStatus } from '../../../common/orders/order-status';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { BANK_DEPOSIT, CASH_ON_DELIVERY } from './gateways/gateway-rules';
import { findGateway } from './gateways/gateways';
import { paymentEvents, payments, type ChargeStatus, type PaymentEventType } from './payments.tables';
import type { PaymentRow } from './payments.service';

/** The ledger's provider for states the customer or the shop's jobs caused ('staff' for staff's). */
export const SHOP_EVENT_PROVIDER = 'shop';

export const PAYMENT_LIFECYCLE_MESSAGES = {
  noProof: 'This order has no deposit slip to refuse.',
  proofNotRefusable: 'Only the deposit slip of a confirmed Bank Deposit order that is not paid yet can be refused.',
  notCashOnDelivery: 'Only an unpaid cash on delivery order can be marked as cash on delivery not available.',
} as const;

export type PaymentState = { chargeStatus: ChargeStatus; captureStatus: string };

/** Who caused the state: staff's actions are recorded as 'staff', the rest as 'shop'. */
export type Cause = 'staff' | 'customer' | 'system';

/** The order as the event left it: what the label the customer now sees depends on. */
export type OrderFacts = { id: number; status: OrderStatus; proofOfBillingPath: string | null };

/** The order's current payment, locked until the caller's transaction ends (null: it has none). */
async function lockCurrentPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.isActive), desc(payments.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export function labelOf(order: Pick<OrderFacts, 'status' | 'proofOfBillingPath'>, state: PaymentState): string {
  return paymentStatusLabel({
    paymentStatus: state.chargeStatus,
    captureStatus: state.captureStatus,
    status: order.status,
    hasProofOfBilling: order.proofOfBillingPath !== null,
  });
}

/** Moves the payment and writes its ledger entry, in the caller's transaction. */
async function recordState(
  ctx: ServiceContext,
  order: OrderFacts,
  payment: PaymentRow,
  type: PaymentEventType,
  next: PaymentState,
  cause: Cause,
  detail: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const provider = cause === 'staff' ? 'staff' : SHOP_EVENT_PROVIDER;
  const [row] = await ctx.db.update(payments).set(next).where(eq(payments.id, payment.id)).returning();
  await ctx.db.insert(paymentEvents).values({
    provider,
    eventId: `${provider}_${randomUUID()}`,
    paymentId: payment.id,
    orderId: payment.orderId,
    type,
    amount: null,
    currency: payment.currency,
    outcome: 'APPLIED',
    chargeStatus: next.chargeStatus,
    captureStatus: next.captureStatus,
    // The label the customer sees from now on, for the order's timeline.
    payload: { by: ctx.user?.id ?? null, cause, requestId: ctx.requestId, label: labelOf(order, next), ...detail },
  });
  return row!;
}

/**
 * Staff confirmed the order (orderConfirm, in its transaction). Bank Deposit: the shop now asks
 * for the deposit ('Order confirmed! Please upload your proof of payment ...', or 'Proof of
 * billing received!' when the slip came first). Cash on delivery: the shop agrees to collect
 * ('Order confirmed!'). Other gateways move on their provider's word (or the held payment taken at confirmation, paying/provider-steps.service.ts).
 */
export async function paymentOnOrderConfirmed(ctx: ServiceContext, order: OrderFacts): Promise<PaymentRow | null> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.chargeStatus !== 'NOT_CHARGED' || payment.captureStatus !== 'NOT_CAPTURED') return null;
  if (payment.gateway === BANK_DEPOSIT) {
    return recordState(ctx, order, payment, 'CONFIRMED', { chargeStatus: 'NOT_CHARGED', captureStatus: 'UNFULFILLED_ORDER_CONFIRMED' }, 'staff');
  }
  if (payment.gateway === CASH_ON_DELIVERY) {
    return recordState(ctx, order, payment, 'CONFIRMED', { chargeStatus: 'NOT_CHARGED', captureStatus: 'CASH_ON_DELIVERY_CAPTURE_SUCCESS' }, 'staff');
  }
  return null;
}

/**
 * The customer uploaded a deposit slip (in the upload's transaction). A slip after a refused one
 * is a new request for staff: back to UNFULFILLED_ORDER_CONFIRMED ('Proof of billing received!').
 * Otherwise the state stays (the label reads the slip itself); the entry keeps it in the timeline.
 */
export async function paymentOnProofUploaded(ctx: ServiceContext, order: OrderFacts): Promise<PaymentRow | null> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.gateway !== BANK_DEPOSIT) return null;
  const refusedBefore = payment.chargeStatus === 'NOT_CHARGED' && payment.captureStatus === 'BANK_DEPOSIT_CAPTURE_FAILED';
  const next: PaymentState = refusedBefore
    ? { chargeStatus: 'NOT_CHARGED', captureStatus: 'UNFULFILLED_ORDER_CONFIRMED' }
    : { chargeStatus: payment.chargeStatus, captureStatus: payment.captureStatus };
  return recordState(ctx, order, payment, 'PROOF_RECEIVED', next, 'customer');
}

/**
 * Staff refused the deposit slip of a confirmed Bank Deposit order (unreadable, wrong amount, no
 * deposit found): 'Order confirmed! Please re-upload your proof of payment.' The caller (orders)
 * checks the order and clears the slip so that the customer can upload another; the refused
 * slip's path and staff's reason stay in the ledger entry.
 */
export async function refuseProofPayment(ctx: ServiceContext, order: OrderFacts, detail: { refusedProof: string; note: string | null }): Promise<PaymentRow> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.gateway !== BANK_DEPOSIT || payment.chargeStatus !== 'NOT_CHARGED' || payment.captureStatus !== 'UNFULFILLED_ORDER_CONFIRMED') {
    throw new DomainError(PAYMENT_LIFECYCLE_MESSAGES.proofNotRefusable, 'id');
  }
  return recordState(ctx, order, payment, 'PROOF_REFUSED', { chargeStatus: 'NOT_CHARGED', captureStatus: 'BANK_DEPOSIT_CAPTURE_FAILED' }, 'staff', detail);
}

/**
 * Staff found that cash on delivery cannot be offered for this order (the courier does not
 * collect there, the customer could not be reached to verify it): 'Sorry! Cash on delivery is not
 * available.' Nothing was taken, so nothing is voided; the caller rejects the order with it.
 */
export async function cashOnDeliveryUnavailable(ctx: ServiceContext, order: OrderFacts, note: string | null): Promise<PaymentRow> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.gateway !== CASH_ON_DELIVERY || payment.chargeStatus !== 'NOT_CHARGED') {
    throw new DomainError(PAYMENT_LIFECYCLE_MESSAGES.notCashOnDelivery, 'id');
  }
  return recordState(ctx, order, payment, 'UNAVAILABLE', { chargeStatus: 'NOT_CHARGED', captureStatus: 'CASH_ON_DELIVERY_CAPTURE_FAILED' }, 'staff', { note });
}

/**
 * The order shipped (orderFulfill, in its transaction). Cash on delivery: the courier now collects
 * ('Cash on delivery - Pending') until staff record the cash (orderMarkAsPaid).
 */
export async function paymentOnOrderShipped(ctx: ServiceContext, order: OrderFacts): Promise<PaymentRow | null> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.gateway !== CASH_ON_DELIVERY || payment.chargeStatus !== 'NOT_CHARGED') return null;
  return recordState(ctx, order, payment, 'SHIPPED', { chargeStatus: 'CASH_ON_DELIVERY_PENDING', captureStatus: payment.captureStatus }, 'staff');
}

/**
 * The order's payment window lapsed and the expiry job cancelled it (in that transaction): the
 * payment that never came is FAILED ('Failed'), no longer 'Pending' on a cancelled order. The
 * capture status stays: the provider never captured anything.
 */
export async function paymentOnOrderExpired(ctx: ServiceContext, order: OrderFacts, windowMinutes: number): Promise<PaymentRow | null> {
  const payment = await lockCurrentPayment(ctx, order.id);
  if (!payment || payment.chargeStatus !== 'NOT_CHARGED') return null;
  return recordState(ctx, order, payment, 'EXPIRED', { chargeStatus: 'FAILED', captureStatus: payment.captureStatus }, 'system', { windowMinutes });
}

/**
 * A provider's decline, for a gateway with a capture-failed status of its own
 * (docs/product/orders-and-payments.md#capture-status: PAYMAYA_VAULT_CAPTURE_FAILED, PAYMAYA_CHECKOUT_CAPTURE_FAILED, WECHAT_PAY_CAPTURE_FAILED): the
 * payment stays NOT_CHARGED with that status, which the label table reads ('Payment Captured
 * failed! Click the Pay Now button ...', 'Payment capture failed!'); other gateways' declines
 * are FAILED ('Failed').
 */
export function declinedCapture(payment: Pick<PaymentRow, 'gateway'>, type: PaymentEventType, next: PaymentState): PaymentState {
  if (type !== 'DECLINED') return next;
  const failed = findGateway(payment.gateway)?.captureFailedStatus;
  return failed ? { chargeStatus: 'NOT_CHARGED', captureStatus: failed } : next;
}

export type PaymentStatusMove = {
  date: Date;
  type: PaymentEventType;
  provider: string;
  /** Who caused it, for staff and customer entries. */
  actorUserId: number | null;
  chargeStatus: ChargeStatus;
  captureStatus: string;
  /** The label the customer saw from then on, when the shop recorded it. */
  label: string | null;
};

/** Every applied ledger entry that left the order's payment in a state, oldest first (its timeline). */
export async function paymentStatusMoves(ctx: ServiceContext, orderId: number): Promise<PaymentStatusMove[]> {
  const rows = await ctx.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.outcome, 'APPLIED'), isNotNull(paymentEvents.chargeStatus)))
    .orderBy(asc(paymentEvents.id));
  return rows.map((r) => {
    const payload = r.payload as { by?: unknown; label?: unknown };
    return {
      date: r.createdAt,
      type: r.type,
      provider: r.provider,
      actorUserId: typeof payload.by === 'number' ? payload.by : null,
      chargeStatus: r.chargeStatus!,
      captureStatus: r.captureStatus ?? 'NOT_CAPTURED',
      label: typeof payload.label === 'string' ? payload.label : null,
    };
  });
}
