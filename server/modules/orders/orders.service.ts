// Order rules: creating an order from a placed checkout, reading a customer's orders (paged,
// searched), the unread flag. Transitions are in order-transitions.service.ts, customer actions in
// order-actions.service.ts.
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { firstRowOf, rowFromJson } from '../../db/json-row';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { ServiceContext } from '../../graphql/context';
import { nextStatus } from './order-state';
import { orderAddresses, orderLines, orders, orderStatusLogs } from './orders.tables';
import { InvalidCursorError } from '../../graphql/pagination';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderAddressRow = typeof orderAddresses.$inferSelect;
export type OrderStatusLogRow = typeof orderStatusLogs.$inferSelect;

type AddressCopy = Omit<OrderAddressRow, 'id' | 'orderId' | 'type'>;

export type NewOrder = {
  userId: number;
  userEmail: string;
  checkoutId: number;
  shippingMethod: {
    id: number;
    name: string;
    type: 'PICKUP' | 'DELIVERY';
  } | null;
  totals: {
    subtotal: number;
    shippingPrice: number;
    estimatedShippingFee: number;
    hasInsurance: boolean;
    insurance: number;
    cashOnDeliveryFee: number;
    paypalFee: number;
    discount: number;
    total: number;
  };
  discountName: string | null;
  voucherCode: string | null;
  gateway: string | null;
  /** When an unpaid order expires (payment-expiry.service.ts paymentDeadline); null: never. */
  paymentDueAt: Date | null;
  lines: Omit<OrderLineRow, 'id' | 'orderId'>[];
  shippingAddress: AddressCopy | null;
  billingAddress: AddressCopy | null;
};

// Unambiguous upper-case letters and digits (no 0/O, 1/I), as referral codes.
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The customer-facing Order#: 10 characters, about 10^15 possibilities. */
export function newReferenceKey(): string {
  let key = '';
  for (let i = 0; i < 10; i++) key += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return key;
}

/**
 * Creates the order in status UNFULFILLED with its lines, addresses and first status log.
 * Call inside the completion transaction. Returns the rows written (the confirmation email
 * lists the lines without reading them again).
 */
export async function createOrderFromCheckout(ctx: ServiceContext, input: NewOrder): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const status = nextStatus(null, 'checkoutComplete', 'customer');
  // The order, its lines, addresses and first status log in ONE statement (a data-modifying
  // WITH: each later insert reads the new order's id from the first): four round trips in the
  // order's transaction were four statements' worth of the shop's CPU per checkout. The foreign
  // keys are checked at the statement's end, when the order row exists. (getSQL(): a builder put
  // in sql`` as it is comes in parentheses, which a WITH step may not have.)
  const orderId = sql`(select id from new_order)`;
  const insertOrder = ctx.db
    .insert(orders)
    .values({
      referenceKey: newReferenceKey(),
      userId: input.userId,
      userEmail: input.userEmail,
      checkoutId: input.checkoutId,
      status,
      shippingMethodId: input.shippingMethod?.id ?? null,
      shippingMethodName: input.shippingMethod?.name ?? null,
      shippingMethodType: input.shippingMethod?.type ?? null,
      ...input.totals,
      discountName: input.discountName,
      voucherCode: input.voucherCode,
      gateway: input.gateway,
      paymentDueAt: input.paymentDueAt,
    })
    .returning();
  const addresses = [
    input.shippingAddress && { ...input.shippingAddress, orderId, type: 'SHIPPING' as const },
    input.billingAddress && { ...input.billingAddress, orderId, type: 'BILLING' as const },
  ].filter((a) => a !== null);
  const steps: SQL[] = [sql`new_order as (${insertOrder.getSQL()})`];
  if (input.lines.length > 0) {
    steps.push(sql`new_lines as (${ctx.db.insert(orderLines).values(input.lines.map((line) => ({ ...line, orderId }))).returning().getSQL()})`);
  }
  if (addresses.length > 0) steps.push(sql`new_addresses as (${ctx.db.insert(orderAddresses).values(addresses).getSQL()})`);
  steps.push(sql`new_log as (${ctx.db.insert(orderStatusLogs).values({ orderId, status, event: 'checkoutComplete', actorUserId: input.userId }).getSQL()})`);
  const lines = input.lines.length > 0 ? sql`(select coalesce(json_agg(new_lines order by new_lines.id), '[]'::json) from new_lines)` : sql`'[]'::json`;
  const result = await ctx.db.execute(sql`with ${sql.join(steps, sql`, `)} select row_to_json(new_order) as "order", ${lines} as lines from new_order`);
  const row = firstRowOf(result)!;
  return {
    order: rowFromJson(orders, row.order as Record<string, unknown>),
    lines: (row.lines as Record<string, unknown>[]).map((line) => rowFromJson(orderLines, line)),
  };
}

/** The order a checkout became, if it was completed already (the idempotency lookup). */
export async function findOrderOfCheckout(ctx: ServiceContext, checkoutId: number): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return row ?? null;
}

/**
 * An order by id whoever asks: for system work with no signed-in user (payment webhooks
 * checking that an event names the order its payment belongs to). Never for a user's request.
 */
export async function findOrderById(ctx: ServiceContext, orderId: number): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * The order row, locked until the caller's transaction ends. Whoever moves an order's money or
 * status locks the order first, then its payments (payment events, expiry, staff actions), so
 * two of them take turns instead of deadlocking or both winning.
 */
export async function lockOrder(ctx: ServiceContext, orderId: number): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/** The order with this reference key (a provider's notice names it), or null. */
export async function findOrderByReferenceKey(ctx: ServiceContext, referenceKey: string): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.referenceKey, referenceKey));
  return row ?? null;
}

/** Orders their customer (or staff) may see, by id; the others are left out. */
export async function findVisibleOrders(ctx: ServiceContext, ids: readonly number[]): Promise<Map<number, OrderRow>> {
  const user = ctx.user;
  if (!user || ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.filter((r) => r.userId === user.id || user.isStaff).map((r) => [r.id, r]));
}

/** An order its customer (or staff) may see; null otherwise. */
export async function findVisibleOrder(ctx: ServiceContext, orderId: number): Promise<OrderRow | null> {
  if (!ctx.user) return null;
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  return row.userId === ctx.user.id || ctx.user.isStaff ? row : null;
}

export async function linesOfOrder(ctx: ServiceContext, orderId: number): Promise<OrderLineRow[]> {
  return ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export async function addressOfOrder(
  ctx: ServiceContext,
  orderId: number,
  type: 'SHIPPING' | 'BILLING',
): Promise<OrderAddressRow | null> {
  const [row] = await ctx.db
    .select()
    .from(orderAddresses)
    .where(and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.type, type)));
  return row ?? null;
}

/** The addresses of one type of the orders on one page, in one query (the staff orders table shows each ship-to). */
export async function addressesOfOrders(
  ctx: ServiceContext,
  orderIds: readonly number[],
  type: 'SHIPPING' | 'BILLING',
): Promise<Map<number, OrderAddressRow>> {
  const byOrder = new Map<number, OrderAddressRow>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select()
    .from(orderAddresses)
    .where(and(inArray(orderAddresses.orderId, [...orderIds]), eq(orderAddresses.type, type)));
  for (const row of rows) byOrder.set(row.orderId, row);
  return byOrder;
}

export async function statusLogsOfOrder(ctx: ServiceContext, orderId: number): Promise<OrderStatusLogRow[]> {
  return ctx.db
    .select()
    .from(orderStatusLogs)
    .where(eq(orderStatusLogs.orderId, orderId))
    .orderBy(asc(orderStatusLogs.createdAt), asc(orderStatusLogs.id));
}

export async function linesOfOrders(ctx: ServiceContext, orderIds: readonly number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

// ---------------------------------------------------------------------------------------------
// A customer's orders: newest first, keyset-paged on the id (ids grow with creation time), so a
// new order placed while paging never shifts or repeats a page.

export const ORDERS_DEFAULT_PAGE = 10;
export const ORDERS_MAX_PAGE = 100;

export type OrderPageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  search?: string | null;
};

export type OrderPage = {
  rows: OrderRow[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  totalCount: number;
};

const CURSOR_PREFIX = 'order:';

export function orderCursor(id: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${id}`).toString('base64url');
}

/** The order id in a cursor; null for anything that is not one of ours. */
export function decodeOrderCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const id = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Orders of this customer matching the search: Order# (referenceKey or number) or product name. */
function ownOrdersFilter(userId: number, search: string | null | undefined): SQL {
  const own = eq(orders.userId, userId);
  const term = search?.trim().slice(0, 100);
  if (!term) return own;
  const pattern = `%${escapeLike(term)}%`;
  const matches: SQL[] = [
    ilike(orders.referenceKey, pattern),
    sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productName} ilike ${pattern})`,
  ];
  const asNumber = term.replace(/^#/, '');
  if (/^\d{1,9}$/.test(asNumber)) matches.push(eq(orders.id, Number(asNumber)));
  return and(own, or(...matches))!;
}

// One class for every keyset query, so one catch turns it into BAD_USER_INPUT.

export async function listOwnOrders(ctx: ServiceContext, args: OrderPageArgs): Promise<OrderPage> {
  const user = ctx.user;
  if (!user) return { rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 };
  return pageOrders(ctx, ownOrdersFilter(user.id, args.search), args);
}

/**
 * One page of the orders matching `filter`, newest first (keyset on the id). The caller has
 * checked who may see them: the customer's own orders, or staff's back office.
 */
export async function pageOrders(ctx: ServiceContext, filter: SQL | undefined, args: OrderPageArgs): Promise<OrderPage> {
  const cursorId = (cursor: string | null | undefined) => {
    if (!cursor) return null;
    const id = decodeOrderCursor(cursor);
    if (id === null) throw new InvalidCursorError('Invalid cursor');
    return id;
  };
  const afterId = cursorId(args.after);
  const beforeId = cursorId(args.before);
  const backwards = args.last != null && args.first == null;
  const size = Math.min(Math.max((backwards ? args.last : args.first) ?? ORDERS_DEFAULT_PAGE, 0), ORDERS_MAX_PAGE);

  const conditions = [filter];
  if (afterId !== null) conditions.push(lt(orders.id, afterId));
  if (beforeId !== null) conditions.push(gt(orders.id, beforeId));
  const where = and(...conditions);

  const [page, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(backwards ? asc(orders.id) : desc(orders.id))
      .limit(size + 1),
    ctx.db.select({ n: count() }).from(orders).where(filter),
  ]);
  const more = page.length > size;
  const rows = page.slice(0, size);
  if (backwards) rows.reverse();
  // The cursor's own order lies beyond the other end of the page (orders are never deleted).
  const hasNextPage = backwards ? beforeId !== null : more;
  const hasPreviousPage = backwards ? more : afterId !== null;
  return { rows, hasNextPage, hasPreviousPage, totalCount: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// The unread flag: a placed order or a status change marks the order unread for its customer
// (the red dot on Account) until the customer opens it (readOrders).

/**
 * Asked for every signed-in page and every fill of one (the header's dot): built once
 * (server/db/prepared-anywhere.ts), so Drizzle does not build it and PostgreSQL does not plan it
 * per request.
 */
const unreadOrdersCount = preparedAnywhere((db) =>
  db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.isRead, false)))
    .prepare('suki_orders_unread_count'),
);

export async function countUnreadOrders(ctx: ServiceContext, userId: number): Promise<number> {
  const [row] = await unreadOrdersCount(ctx.db).execute({ userId });
  return row?.n ?? 0;
}

/** Marks the caller's own orders among `orderIds` read; others' ids are ignored, not revealed. */
export async function markOrdersRead(ctx: ServiceContext, orderIds: readonly number[]): Promise<number> {
  const user = ctx.user;
  if (!user || orderIds.length === 0) return 0;
  const updated = await ctx.db
    .update(orders)
    .set({ isRead: true })
    .where(and(eq(orders.userId, user.id), inArray(orders.id, [...orderIds].slice(0, ORDERS_MAX_PAGE)), eq(orders.isRead, false)))
    .returning({ id: orders.id });
  return updated.length;
}

// ---------------------------------------------------------------------------------------------
// What the reviews module asks: whether a customer received a product.

/** Whether one of the user's own FULFILLED orders has a line of this product. */
export async function hasFulfilledOrderOfProduct(ctx: ServiceContext, userId: number, productId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'FULFILLED'), eq(orderLines.productId, productId)))
    .limit(1);
  return row !== undefined;
}
