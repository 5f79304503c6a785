// The full history of an order for the back office: its status log (customer and staff moves)
// and the payment events staff recorded, oldest first, each with who did it.
import type { ServiceContext } from '../../graphql/context';
import { getPublicProfiles } from '../accounts/accounts.service';
import { staffActionsOf } from '../staff/staff.service';
import { STATUS_DISPLAY, type OrderStatus } from './order-state';
import { statusLogsOfOrder } from './orders.service';

export type OrderTimelineEntry = {
  date: Date;
  /** The event: checkoutComplete, confirm, fulfil, ... or markAsPaid, refund, void. */
  type: string;
  status: OrderStatus | null;
  message: string;
  actor: string | null;
};

const PAYMENT_EVENT_LABELS: Record<string, string> = {
  markAsPaid: 'Payment received',
  refund: 'Payment refunded',
  void: 'Payment voided',
};

export async function orderTimeline(ctx: ServiceContext, orderId: number): Promise<OrderTimelineEntry[]> {
  const [logs, actions] = await Promise.all([statusLogsOfOrder(ctx, orderId), staffActionsOf(ctx, 'order', orderId)]);
  const payments = actions.filter((a) => a.action in PAYMENT_EVENT_LABELS);
  const people = await getPublicProfiles(ctx, [...logs.map((l) => l.actorUserId ?? 0), ...payments.map((a) => a.actorUserId)]);
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
  ];
  return entries.sort((a, b) => a.date.getTime() - b.date.getTime());
}
