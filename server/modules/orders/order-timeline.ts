// The full history of an order for the back office: its status log (customer and staff moves),
// the payment events staff recorded, and every state its payment entered (the payment-events
// ledger: a provider's answer or webhook, staff's confirmation, a slip uploaded or refused, an
// expiry; ADR 045) with the label the customer saw from then on, oldest first, each with who did it.
import { paymentStatusName } from '../../../common/orders/payment-status-label';
import type { ServiceContext } from '../../graphql/context';
import { getPublicProfiles } from '../accounts/accounts.service';
import { labelOf, paymentStatusMoves } from '../payments/payment-lifecycle.service';
import { staffActionsOf } from '../system/staff-access.service';
import { STATUS_DISPLAY, type OrderStatus } from './order-state';
import { findOrderById, statusLogsOfOrder } from './orders.service';

export type OrderTimelineEntry = {
  date: Date;
  /** The event: checkoutComplete, confirm, fulfil, ... or markAsPaid, refund, void; payment: the payment's new state. */
  type: string;
  status: OrderStatus | null;
  message: string;
  actor: string | null;
};

const PAYMENT_EVENT_LABELS: Record<string, string> = {
  markAsPaid: 'Payment received',
  refund: 'Payment refunded',
  void: 'Payment voided',
  // A pre-order's PayPal authorisation at orderConfirm (ADR 040).
  captureHeld: 'Held PayPal payment captured',
  heldNotCaptured: 'Held PayPal payment NOT captured (its authorisation expired or was declined): nothing was charged and the customer was emailed to pay again',
  heldChargePending: 'The payment provider did not answer when the held payment was taken: it is asked again in a few minutes',
};

export async function orderTimeline(ctx: ServiceContext, orderId: number): Promise<OrderTimelineEntry[]> {
  const [logs, actions, moves, order] = await Promise.all([
    statusLogsOfOrder(ctx, orderId),
    staffActionsOf(ctx, 'order', orderId),
    paymentStatusMoves(ctx, orderId),
    findOrderById(ctx, orderId),
  ]);
  const payments = actions.filter((a) => a.action in PAYMENT_EVENT_LABELS);
  const people = await getPublicProfiles(ctx, [
    ...logs.map((l) => l.actorUserId ?? 0),
    ...payments.map((a) => a.actorUserId),
    ...moves.map((m) => m.actorUserId ?? 0),
  ]);
  const name = (id: number | null) => {
    const p = id === null ? undefined : people.get(id);
    return p ? `${p.firstName} ${p.lastName}`.trim() || `User ${p.id}` : null;
  };
  const entries: OrderTimelineEntry[] = [
    ...logs.map((l) => ({
      date: l.createdAt,
      type: l.event,
      status: l.status,
      message: l.note ? `${STATUS_DISPLAY[l.status]}: ${l.note}` : STATUS_DISPLAY[l.status],
      actor: name(l.actorUserId),
    })),
    ...payments.map((a) => ({
      date: a.createdAt,
      type: a.action,
      status: null,
      message: PAYMENT_EVENT_LABELS[a.action]!,
      actor: name(a.actorUserId),
    })),
    ...moves.map((m) => {
      // A provider's word carries no label of the shop's: read it as the customer would now.
      const label = m.label ?? (order ? labelOf({ status: order.status, proofOfBillingPath: null }, m) : '');
      const from = m.provider === 'staff' || m.provider === 'shop' ? '' : ` (${m.provider})`;
      return {
        date: m.date,
        type: 'payment',
        status: null,
        message: `Payment status: ${label || paymentStatusName(m.chargeStatus)}${from}`,
        actor: name(m.actorUserId),
      };
    }),
  ];
  return entries.sort((a, b) => a.date.getTime() - b.date.getTime());
}
