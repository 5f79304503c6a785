// What the real providers' notices need from the shop: our payment behind a provider's own
// reference. Shared by the provider adapters (providers/<name>/<name>.provider.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { InboundRejected } from './provider';
import { paymentRefunds, payments } from '../payments.tables';
import { findPaymentOrderByReferenceKey } from '../payments.events';
import { ask } from '../../system/domain-events';

export type PaymentOfNotice = typeof payments.$inferSelect;

/** The payment whose session at `provider` has this reference; a notice naming none is refused. */
export async function paymentOfSession(ctx: ServiceContext, provider: string, reference: string): Promise<PaymentOfNotice> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!row) throw new InboundRejected(400, 'unknown payment reference');
  return row;
}

/** The current payment of the order with this reference key (iPay88 names orders by RefNo). */
export async function paymentOfOrderReference(ctx: ServiceContext, referenceKey: string): Promise<PaymentOfNotice> {
  const order = referenceKey ? await ask(findPaymentOrderByReferenceKey)(ctx, referenceKey) : null;
  const [row] = order
    ? await ctx.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.isActive), desc(payments.id)).limit(1)
    : [];
  if (!row) throw new InboundRejected(400, 'unknown order reference');
  return row;
}

/** The payment a refund with this provider id was made for, if the shop made it (payment_refunds). */
export async function paymentIdOfRefund(ctx: ServiceContext, provider: string, refundId: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ paymentId: paymentRefunds.paymentId })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.providerRefundId, refundId)));
  return row?.paymentId ?? null;
}
