// Payments: recording the payment a checkout will use, and processing it when the order is
// placed. Checkout calls these inside its own transaction.
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { CheckoutFacts } from './gateway-rules';
import { allowedGateways } from './gateway-rules';
import type { PaymentGateway, ProcessResult } from './gateway';
import { findGateway, GATEWAYS } from './gateways';
import { payments } from './payments.tables';

export const PAYMENT_MESSAGES = {
  selectMethod: 'Please select a method of payment.',
  notAvailable: 'This payment method is not available for your checkout.',
} as const;

export type PaymentRow = typeof payments.$inferSelect;

/** The implemented gateways this checkout may use, in priority order. */
export function availableGateways(facts: CheckoutFacts): PaymentGateway[] {
  const allowed = new Set(
    allowedGateways(
      GATEWAYS.map((g) => g.info),
      facts,
    ).map((g) => g.id),
  );
  return GATEWAYS.filter((g) => allowed.has(g.info.id));
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
  },
): Promise<PaymentRow> {
  if (!input.gateway.trim()) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
  const gateway = findGateway(input.gateway);
  if (!gateway) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
  if (!availableGateways(input.facts).some((g) => g.info.id === gateway.info.id)) {
    throw new DomainError(PAYMENT_MESSAGES.notAvailable, 'gateway');
  }
  await ctx.db
    .update(payments)
    .set({ isActive: false })
    .where(and(eq(payments.checkoutId, input.checkoutId), eq(payments.isActive, true)));
  const [row] = await ctx.db
    .insert(payments)
    .values({
      checkoutId: input.checkoutId,
      userId: input.userId,
      gateway: gateway.info.id,
      token: input.token,
      total: input.total,
    })
    .returning();
  return row!;
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
  },
): Promise<ProcessResult> {
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
  await ctx.db
    .update(payments)
    .set({
      orderId: input.orderId,
      total: input.amount,
      chargeStatus: result.chargeStatus,
      captureStatus: result.captureStatus,
      redirectUrl: result.redirectUrl,
    })
    .where(eq(payments.id, input.payment.id));
  return result;
}

export async function paymentsOfOrder(ctx: ServiceContext, orderId: number): Promise<PaymentRow[]> {
  return ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
}
