// Payment methods (docs/product/accounts.md#default-payment-method: paymentMethods(first), setDefaultPaymentMethod,
// me.defaultPaymentMethod): every gateway this shop can take payments with now, and the
// customer's default among them.
import { eq } from 'drizzle-orm';
import { CARD_MESSAGES } from '../../../../common/payments/card';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { requireUser } from '../../accounts/accounts.service';
import type { PaymentGateway } from '../gateways/gateway';
import { loadGatewaySettings, settingsOf } from '../gateways/gateway-settings';
import { offeredGateways } from '../payments.service';
import { paymentPreferences } from '../saved-cards.tables';

export type PaymentMethod = { id: string; name: string; gatewayName: string; logo: string | null; gateway: PaymentGateway };

/** The gateways the shop offers (enabled and hosted), whatever a given checkout holds. */
export async function paymentMethods(ctx: ServiceContext): Promise<PaymentMethod[]> {
  const settings = await loadGatewaySettings(ctx);
  return offeredGateways(ctx.config, settings).map((gateway) => {
    const shown = settingsOf(gateway.info, settings);
    return { id: gateway.info.id, name: shown.displayName, gatewayName: gateway.info.id, logo: shown.logoUrl, gateway };
  });
}

export async function findPaymentMethod(ctx: ServiceContext, id: string): Promise<PaymentMethod | null> {
  const wanted = id.trim().toLowerCase();
  return (await paymentMethods(ctx)).find((m) => m.id.toLowerCase() === wanted) ?? null;
}

export async function setDefaultPaymentMethod(ctx: ServiceContext, paymentMethodId: string): Promise<PaymentMethod> {
  const user = requireUser(ctx);
  const method = await findPaymentMethod(ctx, paymentMethodId);
  if (!method) throw new DomainError(CARD_MESSAGES.selectMethod, 'paymentMethodId');
  await ctx.db
    .insert(paymentPreferences)
    .values({ userId: user.id, gateway: method.id })
    .onConflictDoUpdate({ target: paymentPreferences.userId, set: { gateway: method.id, updatedAt: new Date() } });
  return method;
}

/** The user's default payment method; null when none was chosen or it is no longer offered. */
export async function defaultPaymentMethod(ctx: ServiceContext, userId: number): Promise<PaymentMethod | null> {
  const [row] = await ctx.db.select().from(paymentPreferences).where(eq(paymentPreferences.userId, userId));
  return row ? findPaymentMethod(ctx, row.gateway) : null;
}
