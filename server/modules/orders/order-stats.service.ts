// The back office's order figures: today's orders and sales, orders waiting for staff, and
// sales per day for the dashboard's chart. Days are Asia/Manila calendar days.
import { and, count, gte, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { ordersWithChargeStatus } from '../payments/payments-staff.service';
import type { OrderStatus } from './order-state';
import { manilaDayStart } from './order-staff.service';
import { orders } from './orders.tables';

export type DaySales = { day: string; orders: number; sales: number };

export type OrderStats = {
  ordersToday: number;
  /** Centavos: totals of today's orders that were not cancelled or rejected. */
  salesToday: number;
  waiting: { status: OrderStatus; count: number }[];
  /** Bank deposits with a proof uploaded and not yet marked paid. */
  proofsToCheck: number;
  salesByDay: DaySales[];
};

const WAITING: OrderStatus[] = ['UNFULFILLED', 'PENDING_FOR_CANCELLATION', 'UNFULFILLED_ORDER_CONFIRMED', 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE'];
const CLOSED: OrderStatus[] = ['CANCELED', 'REJECTED'];

export const manilaDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });

/** The caller checks the permission (the staff dashboard). */
export async function orderStats(ctx: ServiceContext, now: Date = new Date(), days = 14): Promise<OrderStats> {
  const today = manilaDay(now);
  const since = manilaDayStart(today, -(days - 1));
  const dayOf = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Manila', 'YYYY-MM-DD')`;
  const [waitingRows, [proofs], perDay] = await Promise.all([
    ctx.db.select({ status: orders.status, n: count() }).from(orders).where(inArray(orders.status, WAITING)).groupBy(orders.status),
    ctx.db
      .select({ n: count() })
      .from(orders)
      .where(and(isNotNull(orders.proofOfBillingPath), inArray(orders.status, WAITING), inArray(orders.id, ordersWithChargeStatus(ctx, ['NOT_CHARGED'])))),
    ctx.db
      .select({ day: dayOf, n: count(), sales: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(gte(orders.createdAt, since), notInArray(orders.status, CLOSED)))
      .groupBy(dayOf),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const salesByDay: DaySales[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = manilaDay(new Date(now.getTime() - i * 86_400_000));
    const row = byDay.get(day);
    salesByDay.push({ day, orders: row?.n ?? 0, sales: Number(row?.sales ?? 0) });
  }
  const [todayCount] = await ctx.db.select({ n: count() }).from(orders).where(gte(orders.createdAt, manilaDayStart(today)));
  const counts = new Map(waitingRows.map((r) => [r.status, r.n]));
  return {
    ordersToday: todayCount?.n ?? 0,
    salesToday: byDay.get(today)?.sales ?? 0,
    waiting: WAITING.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    proofsToCheck: proofs?.n ?? 0,
    salesByDay,
  };
}
