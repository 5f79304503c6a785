// The one way an order changes status (docs/product/orders-and-payments.md#order-lifecycle): every customer and
// staff action calls applyOrderEvent, which checks the transition table of order-state.ts.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { releaseStock } from '../catalogue/catalogue.service';
import { sendEmail } from '../notifications/notifications.service';
import { sendPushToUser } from '../push/push.service';
import { markBackInStock, sendBackInStockAlerts } from '../watchlist/watchlist.service';
import { raise } from '../system/domain-events';
import { orderClosed, orderFulfilledOrPaid } from './orders.events';
import { orderStatusEmail } from './order-emails';
import { orderStatusPush } from './order-push';
import { InvalidTransitionError, nextStatus, ORDER_TRANSITIONS, type Actor, type OrderEvent, type OrderStatus } from './order-state';
import { linesOfOrder, type OrderRow } from './orders.service';
import { orders, orderStatusLogs } from './orders.tables';

export const ORDER_NOT_FOUND = 'Order not found.';

/** Columns an event may set besides the status (cancel reason, tracking...). */
export type OrderChanges = Partial<
  Pick<OrderRow, 'cancelReason' | 'cancelNote' | 'trackingNumber' | 'trackingLink' | 'trackingClientId'>
>;

export type OrderEventOptions = {
  /** Shown in the status history and the email (e.g. the cancel reason and note). */
  note?: string | null;
  changes?: OrderChanges;
  /** Staff approving a cancellation may keep the stock (restock: false); default: the table's rule. */
  restock?: boolean;
};

export type AppliedEvent = {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  note: string | null;
  /** Products with a variant the returned stock brought back from none (watchers are owed an alert). */
  restockedProductIds: number[];
};

/** The status an order had before it entered its current one (for denyCancel). */
async function statusBefore(ctx: ServiceContext, order: OrderRow): Promise<OrderStatus | null> {
  const [row] = await ctx.db
    .select({ status: orderStatusLogs.status })
    .from(orderStatusLogs)
    .where(and(eq(orderStatusLogs.orderId, order.id), ne(orderStatusLogs.status, order.status)))
    .orderBy(desc(orderStatusLogs.createdAt), desc(orderStatusLogs.id))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Moves the order within the caller's transaction (ctx.db must be one): locks the row, checks
 * the transition, updates the status and marks it unread, appends the status log and returns
 * stock when the transition says so (marking the back-in-stock alerts that stock owes). A customer may move only their own order; staff
 * permissions are the caller's to check. Throws InvalidTransitionError for a refused move and
 * DomainError(ORDER_NOT_FOUND) for an order the actor may not touch.
 */
export async function applyOrderEventInTransaction(
  ctx: ServiceContext,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  options: OrderEventOptions = {},
): Promise<AppliedEvent> {
  const user = ctx.user;
  // The system acts without a user; customers and staff must be signed in.
  if (!user && actor !== 'system') throw new DomainError(ORDER_NOT_FOUND, 'id');
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new DomainError(ORDER_NOT_FOUND, 'id');
  if (actor === 'customer' && order.userId !== user?.id) throw new DomainError(ORDER_NOT_FOUND, 'id');
  if (actor === 'staff' && !user?.isStaff) throw new DomainError(ORDER_NOT_FOUND, 'id');

  const previous = event === 'denyCancel' ? await statusBefore(ctx, order) : null;
  const to = nextStatus(order.status, event, actor, previous);
  const note = options.note?.trim() || null;
  const [updated] = await ctx.db
    .update(orders)
    .set({ ...options.changes, status: to, isRead: false, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await ctx.db.insert(orderStatusLogs).values({ orderId: order.id, status: to, event, actorUserId: actor === 'system' ? null : user!.id, note });

  const transition = ORDER_TRANSITIONS.find((t) => t.event === event && t.from.includes(order.status));
  let restockedProductIds: number[] = [];
  if (transition?.returnsStock && options.restock !== false) {
    const lines = await linesOfOrder(ctx, order.id);
    restockedProductIds = await releaseStock(
      ctx,
      lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    );
    await markBackInStock(ctx, restockedProductIds);
  }
  // A patron's order fulfilled and paid earns their commissioners' rewards, in this transaction.
  if (to === 'FULFILLED') await raise(ctx, orderFulfilledOrPaid, updated!);
  // A sale closed: its invoice, if one was issued, is voided (compliance), in this transaction.
  if (to === 'CANCELED' || to === 'REJECTED') await raise(ctx, orderClosed, { id: order.id, status: to, note: note ?? order.cancelNote ?? null, cancelReason: order.cancelReason, actorUserId: actor === 'system' ? null : user!.id });
  return { order: updated!, from: order.status, to, note, restockedProductIds };
}

/**
 * Emails the customer about a committed status change and pushes it to the browsers where they
 * turned order notifications on, then alerts the watchers of products its returned stock
 * brought back; a failure is logged, never thrown.
 */
export async function notifyStatusChange(ctx: ServiceContext, applied: AppliedEvent): Promise<void> {
  try {
    await sendEmail(ctx, orderStatusEmail(applied.order, applied, ctx.config.publicUrl));
  } catch (error) {
    ctx.log.warn({ err: error, orderId: applied.order.id }, 'order status email not sent');
  }
  // sendPushToUser logs its own failures and never throws.
  await sendPushToUser(ctx, applied.order.userId, orderStatusPush(applied.order, applied), { topic: `order-${applied.order.id}` });
  if (applied.restockedProductIds.length > 0) await sendBackInStockAlerts(ctx);
}

/**
 * applyOrderEvent: the transition in one transaction of its own, then the status email after
 * commit. `refusal` replaces the generic message of a refused transition (e.g. the rulebook's
 * 'The order cannot be cancelled anymore.').
 */
export async function applyOrderEvent(
  ctx: ServiceContext,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  options: OrderEventOptions & { refusal?: (from: OrderStatus | null) => string } = {},
): Promise<OrderRow> {
  let applied: AppliedEvent;
  try {
    applied = await ctx.db.transaction((tx) => applyOrderEventInTransaction({ ...ctx, db: tx }, orderId, event, actor, options));
  } catch (error) {
    if (error instanceof InvalidTransitionError) {
      throw new DomainError(options.refusal ? options.refusal(error.from) : error.message, 'status');
    }
    throw error;
  }
  await notifyStatusChange(ctx, applied);
  return applied.order;
}
