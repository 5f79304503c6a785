// Payments: recording the payment a checkout will use, and processing it when the order is
// placed. Checkout calls these inside its own transaction.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { firstRowOf, rowFromJson } from '../../db/json-row';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { Config } from '../../config';
import type { CheckoutFacts, GatewayRefusal } from './gateways/gateway-rules';
import { refusalOf } from './gateways/gateway-rules';
import type { HostedSession, PaymentGateway, ProcessResult } from './gateways/gateway';
import { findGateway, GATEWAYS } from './gateways/gateways';
import { settingsOf, withSettings, type GatewaySettingsMap } from './gateways/gateway-settings';
import { providerFor } from './providers/provider-registry';
import { mayaBrowserSettings } from './providers/maya/maya-access';
import { payments } from './payments.tables';
import { savedCardToken } from './saved-cards/saved-cards.service';

export const PAYMENT_MESSAGES = {
  selectMethod: 'Please select a method of payment.',
  notAvailable: 'This payment method is not available for your checkout.',
} as const;

export type { PaymentRow } from './payments.tables';
import type { PaymentRow } from './payments.tables';

/** Whether someone hosts this gateway's payments: a provider client or the sandbox, or Maya for cards. */
function isHosted(config: Config, gateway: PaymentGateway): boolean {
  if (gateway.info.kind === 'CARD' || gateway.info.kind === 'SAVED_CARD') return mayaBrowserSettings(config) !== null;
  return !gateway.start || providerFor(config, gateway.info.id) !== null;
}

/** The gateways a shop offers at all: enabled in settings, and hosted when they need a host. */
export function offeredGateways(config: Config, settings?: GatewaySettingsMap): PaymentGateway[] {
  return GATEWAYS.filter((g) => settingsOf(g.info, settings).isEnabled && isHosted(config, g));
}

/** The implemented gateways this checkout may use, in priority order. */
export function availableGateways(config: Config, facts: CheckoutFacts, settings?: GatewaySettingsMap): PaymentGateway[] {
  return offeredGateways(config, settings).filter((g) => refusalOf(withSettings(g.info, settings), facts) === null);
}

/** Offered gateways this checkout may not use, with why (the payment step says it in one line). */
export function refusedGateways(
  config: Config,
  facts: CheckoutFacts,
  settings?: GatewaySettingsMap,
): { gateway: PaymentGateway; reason: GatewayRefusal; maximumOrderAmount: number | null }[] {
  return offeredGateways(config, settings).flatMap((g) => {
    const info = withSettings(g.info, settings);
    const reason = refusalOf(info, facts);
    return reason ? [{ gateway: g, reason, maximumOrderAmount: info.deliveryOnly ? facts.codMaximumOrder : info.maximumOrderAmount }] : [];
  });
}

/**
 * Records the payment chosen for a checkout (replacing an earlier choice). Nothing is charged
 * here: the amount is the server's total, set again at completion.
 */
export async function createCheckoutPayment(
  ctx: ServiceContext,
  input: {
    checkoutId: number;
    userId: number;
    gateway: string;
    token: string;
    total: number;
    facts: CheckoutFacts;
    settings?: GatewaySettingsMap;
    /**
     * A write of the caller's that belongs with this one (checkout's touch of its row), run as a
     * data-modifying WITH of the same statement: all or nothing without a transaction.
     */
    alongside?: SQL;
  },
): Promise<PaymentRow> {
  if (!input.gateway.trim()) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
  const gateway = findGateway(input.gateway);
  if (!gateway) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
  if (!availableGateways(ctx.config, input.facts, input.settings).some((g) => g.info.id === gateway.info.id)) {
    throw new DomainError(PAYMENT_MESSAGES.notAvailable, 'gateway');
  }
  // Paymaya Vault pays with one of the customer's verified saved cards.
  const token = gateway.info.kind === 'SAVED_CARD' ? await savedCardToken(ctx, input.userId, input.token) : input.token;
  // One statement (it was an UPDATE, then an INSERT, in a transaction): the checkout's earlier
  // choice made inactive and the new one inserted, atomically. The INSERT does not see the
  // UPDATE's rows (one snapshot) and needs not: only the new row is active afterwards.
  const result = await ctx.db.execute(sql`
    with deactivated as (
      update payments set is_active = false where checkout_id = ${input.checkoutId} and is_active
    )${input.alongside ? sql`, alongside as (${input.alongside})` : sql``}
    insert into payments (checkout_id, user_id, gateway, token, total)
    values (${input.checkoutId}, ${input.userId}, ${gateway.info.id}, ${token}, ${input.total})
    returning row_to_json(payments) as payment`);
  return rowFromJson(payments, firstRowOf(result)!.payment as Record<string, unknown>);
}

/**
 * The checkout's active payment as one column of a statement that reads more (the checkout's
 * view reads its lines, addresses and payment at once): `row_to_json` of the row, or null.
 * Read it back with paymentFromJson.
 */
export function activeCheckoutPaymentColumn(checkoutId: SQL): SQL {
  return sql`(select row_to_json(p) from payments p where p.checkout_id = ${checkoutId} and p.is_active order by p.id desc limit 1)`;
}

export function paymentFromJson(json: unknown): PaymentRow | null {
  return json ? rowFromJson(payments, json as Record<string, unknown>) : null;
}

export async function activeCheckoutPayment(ctx: ServiceContext, checkoutId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.isActive, true)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** Clears the chosen payment (e.g. removing a promo clears the stored payment method). */
export async function clearCheckoutPayment(ctx: ServiceContext, checkoutId: number): Promise<void> {
  await ctx.db
    .update(payments)
    .set({ isActive: false })
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.isActive, true)));
}

/**
 * Attaches the checkout's payment to its new order and lets the gateway process it. Runs in
 * the completion transaction.
 */
export async function processOrderPayment(
  ctx: ServiceContext,
  input: {
    payment: PaymentRow;
    orderId: number;
    orderReferenceKey: string;
    amount: number;
    customerEmail: string;
    /** Nothing may be captured before staff confirm the order (a pre-order). */
    holdUntilConfirmed?: boolean;
  },
): Promise<ProcessResult & { payment: PaymentRow }> {
  const gateway = findGateway(input.payment.gateway);
  if (!gateway) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
  const result = await gateway.process(ctx, {
    paymentId: input.payment.id,
    orderId: input.orderId,
    orderReferenceKey: input.orderReferenceKey,
    amount: input.amount,
    token: input.payment.token,
    customerEmail: input.customerEmail,
  });
  // The row as written, so that the caller need not read the order's payments again.
  const [payment] = await ctx.db
    .update(payments)
    .set({
      orderId: input.orderId,
      total: input.amount,
      chargeStatus: result.chargeStatus,
      captureStatus: result.captureStatus,
      redirectUrl: result.redirectUrl,
      holdUntilConfirmed: input.holdUntilConfirmed ?? false,
    })
    .where(eq(payments.id, input.payment.id))
    .returning();
  return { ...result, payment: payment! };
}

export async function paymentsOfOrder(ctx: ServiceContext, orderId: number): Promise<PaymentRow[]> {
  return ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
}

/**
 * The order's payments, locked until the caller's transaction ends, so that a payment event and
 * the expiry of an unpaid order (orders/payment-expiry.service.ts) take turns rather than both win.
 */
export async function lockPaymentsOfOrder(ctx: ServiceContext, orderId: number): Promise<PaymentRow[]> {
  return ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).for('update');
}

/**
 * Opens the payment's session at its provider (after the order is committed, or for Pay Now)
 * and keeps where the shopper pays. A new session replaces the payment's previous one; events
 * of the old one still name this payment and are checked like any other.
 */
export async function startPayment(
  ctx: ServiceContext,
  payment: PaymentRow,
  order: { referenceKey: string; userEmail: string; status?: string },
): Promise<{ payment: PaymentRow; session: HostedSession }> {
  const gateway = findGateway(payment.gateway);
  if (!gateway?.start) throw new DomainError(PAYMENT_MESSAGES.notAvailable, 'gateway');
  const session = await gateway.start(ctx, payment, order);
  const [row] = await ctx.db
    .update(payments)
    .set({ provider: session.provider, providerReference: session.reference, redirectUrl: session.redirectUrl })
    .where(eq(payments.id, payment.id))
    .returning();
  return { payment: row!, session };
}

export async function findPayment(ctx: ServiceContext, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}
