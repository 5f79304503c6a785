// Order rules: creating an order from a placed checkout, reading a customer's orders.
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { nextStatus } from './order-state';
import { orderAddresses, orderLines, orders, orderStatusLogs } from './orders.tables';

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
    discount: number;
    total: number;
  };
  discountName: string | null;
  voucherCode: string | null;
  gateway: string | null;
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
 * Call inside the completion transaction.
 */
export async function createOrderFromCheckout(ctx: ServiceContext, input: NewOrder): Promise<OrderRow> {
  const status = nextStatus(null, 'checkoutComplete', 'customer');
  const [order] = await ctx.db
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
    })
    .returning();
  const orderId = order!.id;
  if (input.lines.length > 0) {
    await ctx.db.insert(orderLines).values(input.lines.map((line) => ({ ...line, orderId })));
  }
  const addresses = [
    input.shippingAddress && {
      ...input.shippingAddress,
      orderId,
      type: 'SHIPPING' as const,
    },
    input.billingAddress && {
      ...input.billingAddress,
      orderId,
      type: 'BILLING' as const,
    },
  ].filter((a) => a !== null);
  if (addresses.length > 0) await ctx.db.insert(orderAddresses).values(addresses);
  await ctx.db.insert(orderStatusLogs).values({
    orderId,
    status,
    event: 'checkoutComplete',
    actorUserId: input.userId,
  });
  return order!;
}

/** The order a checkout became, if it was completed already (the idempotency lookup). */
export async function findOrderOfCheckout(ctx: ServiceContext, checkoutId: number): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
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

export async function statusLogsOfOrder(ctx: ServiceContext, orderId: number): Promise<OrderStatusLogRow[]> {
  return ctx.db
    .select()
    .from(orderStatusLogs)
    .where(eq(orderStatusLogs.orderId, orderId))
    .orderBy(asc(orderStatusLogs.createdAt), asc(orderStatusLogs.id));
}
