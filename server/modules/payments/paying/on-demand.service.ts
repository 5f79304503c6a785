// Paymaya On-demand (docs/product/orders-and-payments.md#after-placing onDemandPaymentCreate): a card typed for one unpaid order. The
// browser tokenised it with Maya (or the Maya sandbox); the shop charges the token at once and
// answers Maya's 3-D Secure page. The customer's return is only a hint: the payment is read back
// from Maya with the secret key and that answer goes into the payment-events ledger.
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { PAY_NOW_MESSAGES, payableOrder } from './pay-now.service';
import { recordPaymentEvent } from '../payment-events.service';
import { mayaClient } from '../providers/maya/maya-access';
import { MAYA_PROVIDER, mayaPaymentEvent } from '../providers/maya/maya.provider';
import { ProviderError } from '../providers/http';
import { payments } from '../payments.tables';
import { findPayment } from '../payments.service';
import { ordersPageAfterReturn, unpaidOutcomeOf } from '../webhooks/webhooks.router';

export const ON_DEMAND_MESSAGES = {
  failed: PAY_NOW_MESSAGES.payment,
  token: 'Please input valid card details',
} as const;

const returnUrl = (ctx: ServiceContext, paymentId: number, outcome: string) =>
  `${ctx.config.publicUrl}/payments/maya/payments/${paymentId}/return?outcome=${outcome}`;

/**
 * Charges the order's payment with a one-off payment token. Answers where the customer passes
 * 3-D Secure, or null when Maya charged without it ('Payment sent!').
 */
export async function onDemandPaymentCreate(ctx: ServiceContext, orderId: number, paymentToken: string): Promise<{ verificationUrl: string | null }> {
  const token = paymentToken.trim();
  if (!token || token.length > 200) throw new DomainError(ON_DEMAND_MESSAGES.token, 'paymentToken');
  const { payment } = await payableOrder(ctx, orderId, ['CARD'], ON_DEMAND_MESSAGES.failed);
  const client = await mayaClient(ctx.config);
  if (!client) throw new DomainError(ON_DEMAND_MESSAGES.failed, 'orderId');
  let charged;
  try {
    charged = await client.payWithToken({
      paymentTokenId: token,
      amount: payment.total,
      requestReferenceNumber: String(payment.id),
      redirectUrl: {
        success: returnUrl(ctx, payment.id, 'success'),
        failure: returnUrl(ctx, payment.id, 'failure'),
        cancel: returnUrl(ctx, payment.id, 'cancel'),
      },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ err: error, paymentId: payment.id }, 'on-demand card payment refused');
    throw new DomainError(ON_DEMAND_MESSAGES.failed, 'paymentToken');
  }
  await ctx.db
    .update(payments)
    .set({ provider: MAYA_PROVIDER, providerReference: charged.id, redirectUrl: charged.verificationUrl })
    .where(eq(payments.id, payment.id));
  if (!charged.verificationUrl) await recordPaymentEvent(ctx, mayaPaymentEvent(charged));
  return { verificationUrl: charged.verificationUrl };
}

/**
 * GET /payments/maya/payments/:id/return: the customer is back from 3-D Secure. Asks Maya for
 * the payment, records what it says, and answers where the customer goes next.
 */
export async function completeOnDemandPayment(ctx: ServiceContext, paymentId: number): Promise<string> {
  const payment = await findPayment(ctx, paymentId);
  const client = await mayaClient(ctx.config);
  if (!payment?.providerReference || payment.provider !== MAYA_PROVIDER || !client) return ordersPageAfterReturn(false, '');
  const event = mayaPaymentEvent(await client.getPayment(payment.providerReference));
  if (event.paymentId !== payment.id) return ordersPageAfterReturn(false, '');
  const recorded = await recordPaymentEvent(ctx, event);
  const paid = event.type === 'PAID' && (recorded.outcome === 'APPLIED' || recorded.outcome === 'DUPLICATE');
  return ordersPageAfterReturn(paid, payment.gateway, paid ? null : await unpaidOutcomeOf(ctx, event));
}
