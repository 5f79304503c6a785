// The paying end of a checkout: promo codes and the payment choice (placing the order: place-order.service.ts).
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { clearCheckoutPayment, createCheckoutPayment } from '../payments/payments.service';
import { CHECKOUT_MESSAGES, checkoutFacts, freshView, getOwnCheckout, touch, touchStatement, type CheckoutView } from './checkout.service';
import { resolvePromo } from './vouchers.service';

export async function addPromoCode(ctx: ServiceContext, checkoutId: number, promoCode: string): Promise<CheckoutView> {
  const view = await freshView(ctx, checkoutId);
  const applied = await resolvePromo(ctx, {
    code: promoCode,
    userId: view.row.userId,
    subtotal: view.totals.subtotal,
  });
  await touch(ctx, checkoutId, {
    voucherId: applied.voucherId,
    voucherCode: applied.code,
    voucherSource: applied.source,
  });
  return freshView(ctx, checkoutId);
}

/** Removing the promo also clears the stored payment method (docs/product/cart-and-checkout.md#promo-codes). */
export async function removePromoCode(ctx: ServiceContext, checkoutId: number): Promise<CheckoutView> {
  const row = await getOwnCheckout(ctx, checkoutId);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await touch(txCtx, row.id, {
      voucherId: null,
      voucherCode: null,
      voucherSource: null,
    });
    await clearCheckoutPayment(txCtx, row.id);
  });
  return freshView(ctx, checkoutId);
}

/** checkoutPaymentCreate: records the gateway and returns the checkout's new view. */
export async function createPayment(
  ctx: ServiceContext,
  checkoutId: number,
  input: { gateway: string; token?: string | null },
): Promise<CheckoutView> {
  await savePayment(ctx, checkoutId, input);
  return freshView(ctx, checkoutId);
}

/**
 * Records the gateway; the amount is always the server's total. Computes no view afterwards:
 * the API computes it only when the mutation's checkout field is asked for.
 */
export async function savePayment(
  ctx: ServiceContext,
  checkoutId: number,
  input: { gateway: string; token?: string | null },
): Promise<void> {
  const view = await freshView(ctx, checkoutId);
  if (view.lines.length === 0) throw new DomainError(CHECKOUT_MESSAGES.emptyCart, 'checkoutId');
  // One statement, so no transaction: the earlier choice made inactive, the new one inserted
  // and the checkout touched (it was four statements between BEGIN and COMMIT).
  await createCheckoutPayment(ctx, {
    checkoutId: view.row.id,
    userId: view.row.userId,
    gateway: input.gateway,
    token: input.token ?? '',
    total: view.totals.totalBeforePaymentFee,
    facts: checkoutFacts(view),
    settings: view.gatewaySettings,
    alongside: touchStatement(view.row.id),
  });
}
