// The payment-events ledger: the only way a payment's chargeStatus/captureStatus moves
// (docs/product/orders-and-payments.md#payment-status). Each provider event is recorded once (unique provider + event id), checked
// against the payment (amount, currency, order), and applied only when the state table allows
// it, so replays, duplicates and late or out-of-order events change nothing more.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { ask, raise } from '../system/domain-events';
import { findPaymentOrder, latePaymentArrived, lockPaymentOrder, orderPaymentFullyCharged, orderPaymentFullyRefunded } from './payments.events';
import type { ProviderEvent } from './gateways/gateway';
import { findGateway } from './gateways/gateways';
import { declinedCapture } from './payment-lifecycle.service';
import { amountDueOf, chargedAmountOf } from './paying/payment-amounts';
import { applyRefundNotice } from './refunds/payment-refunds.service';
import {
  paymentEvents,
  payments,
  type ChargeStatus,
  type PaymentEventOutcome,
  type PaymentEventType,
} from './payments.tables';

/**
 * capture: the capture status it leaves. SUCCESS and FAILED are the gateway's own
 * (captureSuccessStatus, captureFailedStatus); a hold that ended (AUTHORIZED) is never kept.
 */
type Effect = { to: ChargeStatus; from: readonly ChargeStatus[]; capture: 'SUCCESS' | 'FAILED' | 'KEEP' | 'VOIDED' | 'AUTHORIZED' | 'AUTHENTICATING' };

/** The capture status of a payment whose money is held, not taken (ADR 040). */
export const AUTHORIZED_CAPTURE_STATUS = 'AUTHORIZED';

/** Orders whose payments no longer become paid (a late PAID event is recorded, not applied). */
const CLOSED_ORDER_STATUSES: readonly string[] = ['CANCELED', 'REJECTED'];

const UNPAID: readonly ChargeStatus[] = ['NOT_CHARGED', 'FAILED', 'PAY_IN_INSTALLMENT_READY', 'CASH_ON_DELIVERY_PENDING'];

/**
 * What each event does, as data: the status it moves to and the statuses it may move from.
 * PENDING and CANCELLED never move anything (the payment stays payable; Pay Now retries).
 * Nothing leaves FULLY_CHARGED except a refund, and nothing leaves FULLY_REFUNDED or REJECTED.
 */
export const PAYMENT_EVENT_EFFECTS: Record<PaymentEventType, Effect | null> = {
  PENDING: null,
  CANCELLED: null,
  DECLINED: { to: 'FAILED', from: ['NOT_CHARGED', 'PAY_IN_INSTALLMENT_READY'], capture: 'KEEP' },
  // A pre-order's PayPal approval (ADR 040): the money is held, nothing is charged until orderConfirm.
  AUTHORIZED: { to: 'NOT_CHARGED', from: ['NOT_CHARGED', 'FAILED'], capture: 'AUTHORIZED' },
  // PARTIALLY_CHARGED instead when it is a part of what is due (recordPaymentEvent, ADR 050).
  PAID: { to: 'FULLY_CHARGED', from: [...UNPAID, 'PARTIALLY_CHARGED'], capture: 'SUCCESS' },
  VOIDED: { to: 'REJECTED', from: UNPAID, capture: 'VOIDED' },
  // The hold lapsed and could not be renewed: nothing was charged; the customer pays again (Pay Now,
  // 'Payment Captured failed!...' as for a declined capture, payment-lifecycle.service.ts declinedCapture).
  EXPIRED: { to: 'NOT_CHARGED', from: ['NOT_CHARGED'], capture: 'FAILED' },
  // Only once refunds (payment-refunds.service.ts) add up to the whole payment; a refund in part is
  // recorded on the payment's refunds and leaves the status as it is (docs/product/orders-and-payments.md#payment-status has none for it).
  REFUNDED: { to: 'FULLY_REFUNDED', from: ['FULLY_CHARGED', 'PARTIALLY_CHARGED'], capture: 'KEEP' },
  // Reopens the refunded amount (payment-refunds.service.ts); the status never moved for it.
  REFUND_FAILED: null,
  // The installment plan is approved (BillEase, ADR 045): ready, not paid until the down payment is.
  APPROVED: { to: 'PAY_IN_INSTALLMENT_READY', from: ['NOT_CHARGED', 'FAILED'], capture: 'KEEP' },
  // A held card's charge waits for the customer's 3-D Secure (Maya's FOR_AUTHENTICATION, ADR 050):
  // nothing is taken yet; the gateway's authenticatingStatus ('Order confirmed! Click the Pay Now
  // button to continue payment.'), and Pay Now leads to Maya's verificationUrl.
  AUTHENTICATING: { to: 'NOT_CHARGED', from: ['NOT_CHARGED', 'FAILED'], capture: 'AUTHENTICATING' },
  // States the shop itself causes (payment-lifecycle.service.ts): never a provider's word.
  CONFIRMED: null,
  PROOF_RECEIVED: null,
  PROOF_REFUSED: null,
  UNAVAILABLE: null,
  SHIPPED: null,
};

/** Events about a refund: applied to the payment's refunds first (payment-refunds.service.ts). */
const isRefundEvent = (event: ProviderEvent) => event.type === 'REFUNDED' || event.type === 'REFUND_FAILED' || (event.type === 'PENDING' && event.refundId !== undefined);

export type RecordedEvent = {
  /** DUPLICATE: this provider event was recorded before; nothing happened now. */
  outcome: PaymentEventOutcome | 'DUPLICATE';
  chargeStatus: ChargeStatus | null;
  captureStatus: string | null;
};

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Records one provider event and applies it to its payment, in one transaction. */
export async function recordPaymentEvent(ctx: ServiceContext, event: ProviderEvent): Promise<RecordedEvent> {
  return ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { ...ctx, db: tx };
    // Lock the order, then the payment (the order of every payment or status change): two events
    // for one payment apply one after the other, and an expiry or a cancellation and a payment
    // take turns; whichever comes second sees what the first did.
    const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, event.paymentId));
    const order = found?.orderId ? await ask(lockPaymentOrder)(txCtx, found.orderId) : null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, event.paymentId)).for('update');
    // Under the locks, a second delivery of the same event (another replica's) finds the first.
    if (payment && (await isEventRecorded(txCtx, event.provider, event.eventId))) return { outcome: 'DUPLICATE', chargeStatus: null, captureStatus: null };

    let outcome: PaymentEventOutcome = 'IGNORED';
    let next: { chargeStatus: ChargeStatus; captureStatus: string } | null = null;
    let chargedAmount: number | null = null;
    const mismatch = payment ? await mismatchOf(txCtx, payment, event) : 'unknown payment';
    if (mismatch) {
      outcome = 'MISMATCH';
      ctx.log.warn({ provider: event.provider, eventId: event.eventId, paymentId: event.paymentId, mismatch }, 'payment event refused');
    } else if (payment) {
      const effect = PAYMENT_EVENT_EFFECTS[event.type];
      const refund = isRefundEvent(event) ? await applyRefundNotice(txCtx, payment, event) : null;
      if (refund) outcome = refund.outcome;
      if (event.type === 'PAID' && order && CLOSED_ORDER_STATUSES.includes(order.status)) {
        // The order was cancelled (its payment window lapsed, or staff) before this payment
        // arrived: it stays cancelled, and the money goes back by itself (late-payment-refunds.service.ts:
        // a durable job, once per payment, queued only if this event is recorded).
        ctx.log.warn({ provider: event.provider, eventId: event.eventId, paymentId: payment.id, orderStatus: order.status }, 'payment arrived for a closed order');
        await raise(txCtx, latePaymentArrived, { paymentId: payment.id });
      } else if (effect && effect.from.includes(payment.chargeStatus) && (!refund || (refund.outcome !== 'MISMATCH' && refund.fullyRefunded))) {
        const capture = captureStatusAfter(effect, payment);
        if (capture !== null) {
          next = declinedCapture(payment, event.type, { chargeStatus: effect.to, captureStatus: capture });
          if (event.type === 'PAID') {
            // A part of what is due (a gateway that takes part payments, ADR 050): kept, and the rest still asked for.
            const charged = Math.min(payment.total, payment.chargedAmount + (event.amount ?? payment.total - payment.chargedAmount));
            if (charged < payment.total) next = { ...next, chargeStatus: 'PARTIALLY_CHARGED' };
            chargedAmount = charged;
          }
          outcome = 'APPLIED';
        }
      }
    }

    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        paymentId: payment?.id ?? null,
        orderId: payment?.orderId ?? null,
        type: event.type,
        amount: event.amount,
        currency: event.currency,
        outcome,
        chargeStatus: next?.chargeStatus ?? null,
        captureStatus: next?.captureStatus ?? null,
        payload: event.payload,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { outcome: 'DUPLICATE', chargeStatus: null, captureStatus: null };

    if (next && payment) {
      await tx.update(payments).set({ ...next, ...(chargedAmount !== null ? { chargedAmount } : {}) }).where(eq(payments.id, payment.id));
      await onStatusMoved(txCtx, payment, next.chargeStatus);
      ctx.log.info(
        { provider: event.provider, eventId: event.eventId, paymentId: payment.id, ...next },
        'payment status moved by provider event',
      );
    }
    return {
      outcome,
      chargeStatus: next?.chargeStatus ?? payment?.chargeStatus ?? null,
      captureStatus: next?.captureStatus ?? payment?.captureStatus ?? null,
    };
  });
}

/** The capture status an applied effect leaves on the payment; null: the effect does not apply to this gateway. */
function captureStatusAfter(effect: Effect, payment: typeof payments.$inferSelect): string | null {
  const gateway = findGateway(payment.gateway);
  switch (effect.capture) {
    case 'AUTHENTICATING':
      // Only a gateway that charges without the customer (a held card) waits for them this way.
      return gateway?.authenticatingStatus ?? null;
    case 'SUCCESS':
      return gateway?.captureSuccessStatus ?? 'CAPTURED';
    case 'FAILED':
      return gateway?.captureFailedStatus ?? 'NOT_CAPTURED';
    case 'VOIDED':
    case 'AUTHORIZED':
      return effect.capture;
    default:
      // A declined capture of an authorised payment leaves no hold behind.
      return payment.captureStatus === AUTHORIZED_CAPTURE_STATUS ? (gateway?.captureFailedStatus ?? 'NOT_CAPTURED') : payment.captureStatus;
  }
}

async function mismatchOf(
  ctx: ServiceContext,
  payment: typeof payments.$inferSelect,
  event: ProviderEvent,
): Promise<string | null> {
  if (payment.provider && payment.provider !== event.provider) return 'provider';
  if (payment.orderId === null) return 'payment has no order';
  // Amount and currency are checked on every event that states them, and PAID must state them.
  if (event.type === 'PAID' && (event.amount === null || event.currency === null)) return 'amount missing';
  if (event.amount !== null && !amountFits(payment, event)) return 'amount';
  if (event.currency !== null && event.currency !== payment.currency) return 'currency';
  if (event.orderReference !== null) {
    const order = await ask(findPaymentOrder)(ctx, payment.orderId);
    if (!order || order.referenceKey !== event.orderReference) return 'order';
  }
  return null;
}

/**
 * Whether the amount an event states fits its payment. A refund may give back a part. A payment
 * states what is due: the whole, or what is left after a part payment (ADR 050); a gateway that
 * takes part payments (WeChat Pay) may be paid less than that. More than is due (an overpayment,
 * the whole again after a part) is refused for staff to look at. Other events state the whole
 * or what is left (the session that asked for it).
 */
function amountFits(payment: typeof payments.$inferSelect, event: ProviderEvent): boolean {
  const amount = event.amount!;
  if (event.type === 'REFUNDED' || event.type === 'REFUND_FAILED') return amount > 0 && amount <= payment.total;
  const charged = chargedAmountOf(payment);
  const due = amountDueOf(payment);
  // Nothing taken yet, or all of it (a replay of the payment under another id: ignored, not refused).
  const whole = amount === payment.total && (charged === 0 || charged >= payment.total);
  if (event.type !== 'PAID') return whole || amount === due;
  return whole || amount === due || (Boolean(findGateway(payment.gateway)?.takesPartPayments) && amount > 0 && amount < due);
}

/** A payment's recorded events, oldest first (for staff and tests). */
export async function eventsOfPayment(ctx: ServiceContext, paymentId: number): Promise<PaymentEventRow[]> {
  return ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
}

/** Whether this provider event was recorded already. */
export async function isEventRecorded(ctx: ServiceContext, provider: string, eventId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return Boolean(row);
}

/** The provider name of events staff record by hand (a deposit confirmed, cash collected, a refund made in a dashboard). */
export const STAFF_EVENT_PROVIDER = 'staff';

/**
 * Records what staff did to a payment by hand, with the statuses it moved to, in the caller's
 * transaction (the staff action's), so every status change has a ledger entry behind it.
 */
export async function recordStaffPaymentEvent(
  ctx: ServiceContext,
  payment: typeof payments.$inferSelect,
  type: PaymentEventType,
  next: { chargeStatus: ChargeStatus; captureStatus: string } | null,
  detail: { amount?: number; refundId?: number; reference?: string | null } = {},
): Promise<void> {
  await ctx.db.insert(paymentEvents).values({
    provider: STAFF_EVENT_PROVIDER,
    eventId: `staff_${randomUUID()}`,
    paymentId: payment.id,
    orderId: payment.orderId,
    type,
    amount: detail.amount ?? (type === 'PAID' || type === 'REFUNDED' ? payment.total : null),
    currency: payment.currency,
    outcome: 'APPLIED',
    chargeStatus: next?.chargeStatus ?? null,
    captureStatus: next?.captureStatus ?? null,
    payload: { by: ctx.user?.id ?? null, requestId: ctx.requestId, ...(detail.refundId ? { refundId: detail.refundId, reference: detail.reference ?? null } : {}) },
  });
  if (next) await onStatusMoved(ctx, payment, next.chargeStatus);
}

/**
 * What follows a payment's move, in the same transaction. Refunded in whole: the order's
 * referral rewards are reversed, when the money is back (a provider's PENDING refund that then
 * fails reverses nothing), and once however the refund arrived (staff by hand, a provider's
 * answer, its webhook).
 */
async function onStatusMoved(ctx: ServiceContext, payment: typeof payments.$inferSelect, to: ChargeStatus): Promise<void> {
  // Paid in whole: the sale is made (its sales invoice is issued in this transaction).
  if (to === 'FULLY_CHARGED' && payment.chargeStatus !== 'FULLY_CHARGED' && payment.orderId !== null) {
    await raise(ctx, orderPaymentFullyCharged, { orderId: payment.orderId, paymentId: payment.id });
  }
  if (to === 'FULLY_REFUNDED' && payment.orderId !== null) await raise(ctx, orderPaymentFullyRefunded, { orderId: payment.orderId });
}
