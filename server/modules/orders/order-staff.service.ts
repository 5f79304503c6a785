// What staff do with orders in the back office: list and filter them, move them along the one
// state machine (order-transitions.service.ts), and record payment events. Every function checks the
// caller's permission here (MANAGE_ORDERS for the lifecycle, MANAGE_PAYMENTS for money), runs
// its writes in one transaction, logs who did it and when, and marks the order unread for its
// customer (the red dot).
import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { fulfilSchema, staffNoteSchema } from '../../../common/staff/order-fulfil';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { ChargeStatus } from '../payments/payments.tables';
import {
  finishStaffRefund,
  markOrderPaymentPaid,
  ordersWithChargeStatus,
  refundOrderPayment,
  settleCancelledOrderPayment,
  STAFF_PAYMENT_MESSAGES,
  voidOrderPayment,
  type RefundInput,
} from '../payments/payments-staff.service';
import { finishRefund } from '../payments/refunds/refund-at-provider.service';
import { queueHeldCharge, refuseIfHeld } from '../payments/paying/held-payments';
import { finishProviderStep } from '../payments/paying/provider-steps.service';
import { PAYMAYA_VAULT } from '../payments/gateways/gateway-rules';
import { sendEmail } from '../notifications/notifications.service';
import { raise } from '../system/domain-events';
import { orderFulfilledOrPaid } from './orders.events';
import { proofOfBillingRefusedEmail } from './order-emails';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { cashOnDeliveryUnavailable, PAYMENT_LIFECYCLE_MESSAGES, paymentOnOrderConfirmed, paymentOnOrderShipped, refuseProofPayment } from '../payments/payment-lifecycle.service';
import { InvalidTransitionError, type OrderEvent, type OrderStatus } from './order-state';
import { applyOrderEventInTransaction, notifyStatusChange, ORDER_NOT_FOUND, type AppliedEvent, type OrderEventOptions } from './order-transitions.service';
import { escapeLike, pageOrders, type OrderPage, type OrderPageArgs, type OrderRow } from './orders.service';
import { orderLines, orders } from './orders.tables';

export const STAFF_ORDER_MESSAGES = {
  confirm: 'Only an unfulfilled order can be confirmed.',
  fulfil: 'Only a confirmed order can be fulfilled.',
  fulfilledAlready: 'This order is fulfilled already.',
  noCancelRequest: 'This order has no cancellation request.',
  cannotFulfil: 'Only an unfulfilled order can be marked as an unforeseen circumstance.',
  reject: 'This order can no longer be rejected.',
  closed: 'This order is cancelled or rejected.',
} as const;

function refusalOf(event: OrderEvent, from: OrderStatus | null): string {
  switch (event) {
    case 'confirm':
      return STAFF_ORDER_MESSAGES.confirm;
    case 'fulfil':
      return from === 'FULFILLED' ? STAFF_ORDER_MESSAGES.fulfilledAlready : STAFF_ORDER_MESSAGES.fulfil;
    case 'approveCancel':
    case 'denyCancel':
      return STAFF_ORDER_MESSAGES.noCancelRequest;
    case 'cannotFulfil':
      return STAFF_ORDER_MESSAGES.cannotFulfil;
    default:
      return STAFF_ORDER_MESSAGES.reject;
  }
}

/**
 * One staff transition: the state machine, the log of who did it, and `also` (e.g. the payment
 * a cancellation voids) in one transaction; the customer's email and push after commit.
 */
async function staffTransition(
  ctx: ServiceContext,
  orderId: number,
  event: OrderEvent,
  options: OrderEventOptions = {},
  also?: (tx: ServiceContext, applied: AppliedEvent) => Promise<AfterCommit | void>,
): Promise<OrderRow> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  let applied: AppliedEvent;
  // Set inside the transaction, run after it commits.
  const after: { run?: AfterCommit | void } = {};
  try {
    applied = await ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const result = await applyOrderEventInTransaction(tx, orderId, event, 'staff', options);
      await logStaffAction(tx, { action: event, subjectType: 'order', subjectId: orderId, note: result.note });
      after.run = await also?.(tx, result);
      return result;
    });
  } catch (error) {
    if (error instanceof InvalidTransitionError) throw new DomainError(refusalOf(event, error.from), 'status');
    throw error;
  }
  // The change is committed: the customer hears of it even when the work after it failed (its
  // settle job finishes that work); the failure is still the caller's to see.
  let failedAfter: { error: unknown } | null = null;
  if (after.run) await after.run(ctx).catch((error: unknown) => void (failedAfter = { error }));
  await notifyStatusChange(ctx, applied);
  if (failedAfter) throw (failedAfter as { error: unknown }).error;
  return applied.order;
}

/** Work that must wait until the transition's transaction committed (a refund's provider call, ADR 041). */
type AfterCommit = (ctx: ServiceContext) => Promise<void>;

function parseNote(note: string | null | undefined): string | null {
  const parsed = validate(staffNoteSchema, note);
  if (!parsed.ok) throw new DomainError(parsed.errors.map((e) => ({ ...e, field: 'note' })));
  return parsed.data;
}

/**
 * orderConfirm: UNFULFILLED -> UNFULFILLED_ORDER_CONFIRMED. A payment held until now (a Paymaya
 * Vault saved card, a pre-order's PayPal authorisation, ADR 040) is taken in two steps (ADR 041):
 * queued with the confirmation, asked of the provider once it committed, outside the order's
 * lock, and recorded after; a provider that does not answer leaves the order confirmed and the
 * charge to the job, which asks again with the same idempotency key.
 */
export function confirmOrder(ctx: ServiceContext, orderId: number): Promise<OrderRow> {
  return staffTransition(ctx, orderId, 'confirm', {}, async (tx, applied) => {
    // Bank Deposit: the deposit is asked for; cash on delivery: agreed (ADR 045).
    await paymentOnOrderConfirmed(tx, applied.order);
    const held = await queueHeldCharge(tx, applied.order.id);
    if (held) return (after) => takeHeldPayment(after, applied.order, held);
  });
}

/**
 * Steps 2 and 3 of taking the held payment, after the confirmation committed, and what staff see
 * of it on the order's timeline. A held PayPal payment that lapsed and could not be renewed, or
 * that PayPal declined, charges nothing: the order stays confirmed and the customer is emailed
 * to pay again (Pay Now; in step 3's transaction). A declined saved card shows on the order.
 */
async function takeHeldPayment(ctx: ServiceContext, order: OrderRow, held: { paymentId: number; gateway: string }): Promise<void> {
  const outcome = await finishProviderStep(ctx, held.paymentId, 'held');
  const vault = held.gateway === PAYMAYA_VAULT;
  const action: Partial<Record<typeof outcome.kind, string>> = vault
    ? { charged: 'chargeCard', declined: 'cardDeclined', noAnswer: 'heldChargePending' }
    : { charged: 'captureHeld', expired: 'heldNotCaptured', declined: 'heldNotCaptured', noAnswer: 'heldChargePending' };
  const logged = action[outcome.kind];
  if (logged) await logStaffAction(ctx, { action: logged, subjectType: 'order', subjectId: order.id, note: outcome.kind });
  if (outcome.kind === 'noAnswer') ctx.log.warn({ orderId: order.id, paymentId: held.paymentId }, 'the held payment of a confirmed order is not taken yet');
}

/** At most this many orders in one bulk confirm. */
export const ORDER_BULK_MAX = 100;

/**
 * orderBulkConfirm: each order through confirmOrder, each in its own transaction, so one refused
 * order (already confirmed, fulfilled, ...) does not undo the others. Refusals come back per order.
 */
export async function confirmOrders(
  ctx: ServiceContext,
  orderIds: readonly number[],
): Promise<{ confirmed: OrderRow[]; refused: { orderId: number; message: string }[] }> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) throw new DomainError('Please select at least one order.', 'ids');
  if (ids.length > ORDER_BULK_MAX) throw new DomainError(`Please select at most ${ORDER_BULK_MAX} orders.`, 'ids');
  const confirmed: OrderRow[] = [];
  const refused: { orderId: number; message: string }[] = [];
  for (const orderId of ids) {
    try {
      confirmed.push(await confirmOrder(ctx, orderId));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ orderId, message: error.errors[0]?.message ?? STAFF_ORDER_MESSAGES.confirm });
    }
  }
  return { confirmed, refused };
}

/** orderFulfill: UNFULFILLED_ORDER_CONFIRMED -> FULFILLED with the tracking number and link. */
export function fulfillOrder(ctx: ServiceContext, orderId: number, input: { trackingNumber?: string | null; trackingLink?: string | null }): Promise<OrderRow> {
  const parsed = validate(fulfilSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const { trackingNumber, trackingLink } = parsed.data;
  return staffTransition(
    ctx,
    orderId,
    'fulfil',
    {
      note: `Tracking number: ${trackingNumber}`,
      changes: { trackingNumber, trackingLink },
    },
    // Cash on delivery: the courier collects from now on (ADR 045).
    async (tx, applied) => void (await paymentOnOrderShipped(tx, applied.order)),
  );
}

/**
 * orderCancel: approves the customer's cancellation request. The stock returns (unless
 * restock is false) and the payment is refunded (paid) or voided (unpaid), its referral
 * rewards reversed.
 */
export function approveOrderCancel(ctx: ServiceContext, orderId: number, restock = true): Promise<OrderRow> {
  return staffTransition(ctx, orderId, 'approveCancel', { restock }, settlePayment);
}

/** Deny the cancellation request: back to the status the order had before it. */
export function denyOrderCancel(ctx: ServiceContext, orderId: number, note?: string | null): Promise<OrderRow> {
  return staffTransition(ctx, orderId, 'denyCancel', { note: parseNote(note) });
}

/** The shop cannot fulfil the order (out of stock at the supplier, ...). */
export function markUnforeseenCircumstance(ctx: ServiceContext, orderId: number, note?: string | null): Promise<OrderRow> {
  return staffTransition(ctx, orderId, 'cannotFulfil', { note: parseNote(note) });
}

/** orderReject: the stock returns and the payment is refunded or voided. */
export function rejectOrder(ctx: ServiceContext, orderId: number, note?: string | null): Promise<OrderRow> {
  return staffTransition(ctx, orderId, 'reject', { note: parseNote(note) }, settlePayment);
}

// The referral rewards of a refunded order are reversed by the payment ledger when the refund
// completes (payment-events.service.ts), not when it is asked for: a provider's refund may stay
// PENDING and then fail.
// The refund is recorded with the order's change; its provider is asked once that committed
// (ADR 041). A refusal or a provider that does not answer does not undo the cancellation: the
// refund shows as failed (staff refund again) or pending (the settle job asks again).
async function settlePayment(tx: ServiceContext, applied: AppliedEvent): Promise<AfterCommit | void> {
  const settled = await settleCancelledOrderPayment(tx, applied.order.id);
  if (!settled) return;
  await logStaffAction(tx, { action: settled.done === 'refunded' ? 'refund' : 'void', subjectType: 'order', subjectId: applied.order.id });
  if (settled.done === 'voided') {
    const paymentId = settled.pendingPaymentId;
    if (paymentId === null) return;
    return async (ctx) => {
      const voided = await finishProviderStep(ctx, paymentId, 'void');
      if (voided.kind === 'refused' || voided.kind === 'noAnswer') {
        ctx.log.warn({ orderId: applied.order.id, paymentId, answer: voided.kind }, 'the void of a cancelled order is not done');
      }
    };
  }
  const refundId = settled.refundId;
  if (refundId === null) return;
  return async (ctx) => {
    const finished = await finishRefund(ctx, refundId);
    if (finished?.answer === 'refused' || finished?.answer === 'noAnswer') {
      ctx.log.warn({ orderId: applied.order.id, refundId, answer: finished.answer }, 'the refund of a cancelled order is not done');
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Payment events (MANAGE_PAYMENTS): the order's status does not move; the customer sees the new
// payment status, and the order turns unread.

async function paymentEvent(
  ctx: ServiceContext,
  orderId: number,
  action: 'markAsPaid' | 'refund' | 'void' | 'refuseProof',
  work: (tx: ServiceContext, order: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  await requirePermission(ctx, 'MANAGE_PAYMENTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new DomainError(ORDER_NOT_FOUND, 'id');
    await work(tx, order);
    const [updated] = await db.update(orders).set({ isRead: false, updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
    await logStaffAction(tx, { action, subjectType: 'order', subjectId: orderId });
    return updated!;
  });
}

/**
 * orderProofOfBillingRefuse: the deposit slip of a confirmed Bank Deposit order is not good (no
 * such deposit, wrong amount, unreadable). The payment becomes BANK_DEPOSIT_CAPTURE_FAILED ('Order
 * confirmed! Please re-upload your proof of payment.') and the slip leaves the order, so that
 * 'Upload Deposit Slip' shows again; the refused slip's file and staff's reason stay in the
 * ledger entry (ADR 045).
 */
export function refuseProofOfBilling(ctx: ServiceContext, orderId: number, note?: string | null): Promise<OrderRow> {
  const reason = parseNote(note);
  return paymentEvent(ctx, orderId, 'refuseProof', async (tx, order) => {
    if (!order.proofOfBillingPath) throw new DomainError(PAYMENT_LIFECYCLE_MESSAGES.noProof, 'id');
    if (order.status !== 'UNFULFILLED_ORDER_CONFIRMED') throw new DomainError(PAYMENT_LIFECYCLE_MESSAGES.proofNotRefusable, 'status');
    await refuseProofPayment(tx, { ...order, proofOfBillingPath: null }, { refusedProof: order.proofOfBillingPath, note: reason });
    await tx.db.update(orders).set({ proofOfBillingPath: null, proofOfBillingAlt: null }).where(eq(orders.id, order.id));
    // The customer learns it from the shop, not only from the order page's label.
    await sendEmail(tx, proofOfBillingRefusedEmail(order, reason, tx.config.publicUrl));
  });
}

/**
 * orderCashOnDeliveryUnavailable: cash on delivery cannot be offered for this order (the courier
 * does not collect there, the customer could not be reached to verify it). The order is rejected
 * (stock returned, the customer emailed with the note) and its payment says why: 'Sorry! Cash on
 * delivery is not available.' Nothing was taken, so nothing is voided (ADR 045).
 */
export function markCashOnDeliveryUnavailable(ctx: ServiceContext, orderId: number, note?: string | null): Promise<OrderRow> {
  const reason = parseNote(note);
  return staffTransition(ctx, orderId, 'reject', { note: reason }, async (tx, applied) => void (await cashOnDeliveryUnavailable(tx, applied.order, reason)));
}

/** orderMarkAsPaid: a bank deposit confirmed after viewing its proof, or cash on delivery collected. */
export function markOrderAsPaid(ctx: ServiceContext, orderId: number): Promise<OrderRow> {
  return paymentEvent(ctx, orderId, 'markAsPaid', async (tx, order) => {
    if (order.status === 'CANCELED' || order.status === 'REJECTED') throw new DomainError(STAFF_ORDER_MESSAGES.closed, 'status');
    await refuseIfHeld(tx, order.id);
    await markOrderPaymentPaid(tx, order.id);
    // Fulfilled before it was paid (cash on delivery): the commissioners earn now.
    await raise(tx, orderFulfilledOrPaid, order);
  });
}

/**
 * orderRefund: the paid money given back, all that is left or a part of it, with staff's reason
 * (and reference, for a refund made by hand), in two steps (ADR 041): recorded pending with the
 * order locked, then the provider asked outside that lock, then its answer recorded (which emails
 * the customer the amount). The order's referral rewards are reversed when the payment is
 * refunded in whole and the money is back (the payment ledger does it: a provider's refund may
 * stay PENDING, then fail).
 */
export async function refundOrder(ctx: ServiceContext, orderId: number, input: RefundInput = {}): Promise<OrderRow> {
  let recorded: { refund: { id: number }; settled: boolean } | undefined;
  const order = await paymentEvent(ctx, orderId, 'refund', async (tx, locked) => {
    recorded = await refundOrderPayment(tx, locked.id, input);
  });
  if (recorded && !recorded.settled) await finishStaffRefund(ctx, recorded.refund.id);
  return order;
}

/**
 * orderVoid: an unpaid payment called off, in two steps (ADR 041): recorded with the order
 * locked (staff's word at once when no provider can void it), then the provider asked outside
 * that lock and its answer recorded. A refusal is staff's to know; a provider that does not
 * answer leaves the void to the job, which asks again with the same idempotency key.
 */
export async function voidOrder(ctx: ServiceContext, orderId: number): Promise<OrderRow> {
  const recorded: { pendingPaymentId: number | null } = { pendingPaymentId: null };
  const order = await paymentEvent(ctx, orderId, 'void', async (tx, locked) => {
    recorded.pendingPaymentId = (await voidOrderPayment(tx, locked.id)).pendingPaymentId;
  });
  if (recorded.pendingPaymentId === null) return order;
  const voided = await finishProviderStep(ctx, recorded.pendingPaymentId, 'void');
  if (voided.kind === 'refused') throw new DomainError(STAFF_PAYMENT_MESSAGES.voidRefused, 'id');
  if (voided.kind === 'noAnswer') throw new DomainError(STAFF_PAYMENT_MESSAGES.voidPending, 'id');
  return order;
}

// ---------------------------------------------------------------------------------------------
// The back office's order list: every customer's orders, filtered, newest first.

export type StaffOrderFilter = {
  status?: readonly OrderStatus[] | null;
  paymentStatus?: readonly ChargeStatus[] | null;
  gateway?: readonly string[] | null;
  /** The customer's email (part of it). */
  customer?: string | null;
  /** Order# (reference or number), customer email or product name. */
  search?: string | null;
  /** Manila calendar days, YYYY-MM-DD, both ends included. */
  created?: { gte?: string | null; lte?: string | null } | null;
};

/** The start of a Manila calendar day (UTC+8, no daylight saving). */
export const manilaDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);

export function staffOrderFilter(ctx: ServiceContext, filter: StaffOrderFilter | null | undefined): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter?.status?.length) where.push(inArray(orders.status, [...filter.status]));
  if (filter?.paymentStatus?.length) where.push(inArray(orders.id, ordersWithChargeStatus(ctx, filter.paymentStatus)));
  if (filter?.gateway?.length) where.push(inArray(orders.gateway, [...filter.gateway]));
  const customer = filter?.customer?.trim().slice(0, 100);
  if (customer) where.push(ilike(orders.userEmail, `%${escapeLike(customer)}%`));
  const term = filter?.search?.trim().slice(0, 100);
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const asNumber = term.replace(/^#/, '');
    where.push(
      or(
        ilike(orders.referenceKey, pattern),
        ilike(orders.userEmail, pattern),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productName} ilike ${pattern})`,
        /^\d{1,9}$/.test(asNumber) ? eq(orders.id, Number(asNumber)) : undefined,
      ),
    );
  }
  if (filter?.created?.gte) where.push(gte(orders.createdAt, manilaDayStart(filter.created.gte)));
  if (filter?.created?.lte) where.push(lt(orders.createdAt, manilaDayStart(filter.created.lte, 1)));
  return where.length ? and(...where) : undefined;
}

/** orders (staff): MANAGE_ORDERS; paged like the customer's list. */
export async function listStaffOrders(ctx: ServiceContext, args: OrderPageArgs & { filter?: StaffOrderFilter | null }): Promise<OrderPage> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  return pageOrders(ctx, staffOrderFilter(ctx, args.filter), args);
}
