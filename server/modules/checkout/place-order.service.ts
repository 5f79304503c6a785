// checkoutComplete: the one flow that turns a checkout into an order, across catalogue,
// orders, payments, vouchers and accounts, in ONE transaction with its steps in order.
import { eq, sql } from 'drizzle-orm';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { allocateStock } from '../catalogue/catalogue.service';
import { sendEmail } from '../notifications/notifications.service';
import { orderConfirmationEmail } from '../orders/order-emails';
import { paymentDeadline, queuePaymentExpiry } from '../orders/payment-expiry.service';
import { createOrderFromCheckout, findOrderOfCheckout, type OrderLineRow, type OrderRow } from '../orders/orders.service';
import { startAfterComplete } from '../payments/paying/pay-now.service';
import { PAYMENT_MESSAGES, paymentsOfOrder, processOrderPayment, type PaymentRow } from '../payments/payments.service';
import { CHECKOUT_MESSAGES, checkoutFacts, describeCheckout, requireUser, type CheckoutAddressRow } from './checkout.service';
import { checkouts } from './checkout.tables';
import { raise } from '../system/domain-events';
import { orderPlaced } from './checkout.events';
import { consumeReferralVoucher, consumeShopVoucher, validateShopVoucher, VOUCHER_MESSAGES } from './vouchers.service';
import { assertTiresDeliverable } from './tire-delivery';

export type PlacedOrder = {
  order: OrderRow;
  redirectUrl: string | null;
  qrCode: string | null;
};

function addressCopy(row: CheckoutAddressRow | null) {
  if (!row) return null;
  const { id: _id, checkoutId: _checkoutId, type: _type, ...copy } = row;
  return copy;
}

/** The checkout row, locked until the order's transaction ends (built once: see preparedAnywhere). */
const lockCheckout = preparedAnywhere((db) =>
  db.select().from(checkouts).where(eq(checkouts.id, sql.placeholder('id'))).for('update').prepare('suki_checkout_lock'),
);

/**
 * Places the order. Idempotent: the checkout row is locked (SELECT ... FOR UPDATE) and deleted
 * in the same transaction that creates the order, whose checkout id is unique; a repeated or
 * concurrent call waits for the lock, finds the checkout gone and returns that same order.
 */
export async function completeCheckout(ctx: ServiceContext, checkoutId: number): Promise<PlacedOrder> {
  const user = requireUser(ctx);
  if (!user.isVerified) throw new DomainError(CHECKOUT_MESSAGES.unverified);

  const placed = await ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { ...ctx, db: tx };
    const [row] = await lockCheckout(tx).execute({ id: checkoutId });
    if (!row) {
      const order = await findOrderOfCheckout(txCtx, checkoutId);
      if (order && order.userId === user.id) return { order, repeated: true as const };
      throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
    }
    if (row.userId !== user.id) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');

    // 1. Re-validate with today's prices and rules: the view is computed again inside the lock.
    const view = await describeCheckout(txCtx, row);
    if (view.lines.length === 0) throw new DomainError(CHECKOUT_MESSAGES.emptyCart, 'lines');
    if (view.lines.some((l) => l.variant === null || !l.variant.isAvailable)) {
      throw new DomainError(CHECKOUT_MESSAGES.outOfStock, 'lines');
    }
    if (!view.shippingMethod) throw new DomainError(CHECKOUT_MESSAGES.selectShipping, 'shippingMethod');
    if (!view.billingAddress) throw new DomainError(CHECKOUT_MESSAGES.billingRequired, 'billingAddress');
    if (view.shippingMethod.type === 'DELIVERY' && !view.shippingAddress) {
      throw new DomainError(CHECKOUT_MESSAGES.shippingAddressRequired, 'shippingAddress');
    }
    // Tires within Metro Manila only: a tire added, or delivery chosen, after the address was saved.
    await assertTiresDeliverable(txCtx, {
      lines: view.lines.flatMap((l) => (l.variant ? [l.variant] : [])),
      isDelivery: view.shippingMethod.type === 'DELIVERY',
      address: view.shippingAddress,
      field: 'shippingAddress',
    });
    if (!view.payment) throw new DomainError(PAYMENT_MESSAGES.selectMethod, 'gateway');
    if (!view.gateways.some((g) => g.info.id === view.payment!.gateway)) {
      throw new DomainError(PAYMENT_MESSAGES.notAvailable, 'gateway');
    }
    // A promo that vanished since it was applied (e.g. the referral voucher spent elsewhere)
    // stops the order rather than silently dropping the discount the customer saw.
    if (row.voucherCode && !view.voucher) throw new DomainError(VOUCHER_MESSAGES.invalid, 'promoCode');
    if (view.voucher?.source === 'SHOP') {
      // Strict: an expired, used-up or no-longer-applicable voucher stops the order.
      await validateShopVoucher(txCtx, {
        voucherId: view.voucher.voucherId!,
        userId: user.id,
        subtotal: view.totals.subtotal,
        strict: true,
      });
    }

    // 2. Take the stock (atomic conditional decrements; throws 'Out of stock.').
    await allocateStock(
      txCtx,
      view.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    );

    // 3. The order, with copies of lines, addresses and totals, its first status log, and its
    // payment deadline (the payment window: unpaid past it, the order is cancelled).
    const { totals } = view;
    const voucher = view.voucher?.isValid ? view.voucher : null;
    const deadline = await paymentDeadline(txCtx, view.payment.gateway);
    const { order, lines } = await createOrderFromCheckout(txCtx, {
      userId: user.id,
      userEmail: row.email || user.email,
      checkoutId: row.id,
      shippingMethod: view.shippingMethod,
      totals: {
        subtotal: totals.subtotal,
        shippingPrice: totals.shippingPrice,
        estimatedShippingFee: totals.estimatedShippingFee,
        hasInsurance: totals.insurance > 0,
        insurance: totals.insurance,
        cashOnDeliveryFee: totals.appliedCashOnDeliveryFee,
        paypalFee: totals.appliedPaypalFee,
        discount: totals.discount,
        total: totals.total,
      },
      discountName: voucher?.name ?? null,
      voucherCode: voucher?.code ?? null,
      gateway: view.payment.gateway,
      paymentDueAt: deadline?.dueAt ?? null,
      lines: view.lines.map((l) => ({
        variantId: l.variantId,
        productId: l.variant!.productId,
        productName: l.variant!.productName,
        brandName: l.variant!.brandName,
        variantName: l.variant!.variantName,
        productSku: l.variant!.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        undiscountedUnitPrice: l.variant!.undiscountedUnitPrice,
        thumbnailUrl: l.variant!.thumbnailUrl,
        isPreOrder: l.variant!.isPreOrder,
      })),
      shippingAddress: view.shippingMethod.type === 'DELIVERY' ? addressCopy(view.shippingAddress) : null,
      billingAddress: addressCopy(view.billingAddress),
    });

    // Where it was placed from (IP, device): the referral programme's shared-origin rule.
    await raise(txCtx, orderPlaced, order);

    // 4. Consume the voucher.
    if (voucher?.source === 'SHOP') {
      await consumeShopVoucher(txCtx, {
        voucherId: voucher.voucherId!,
        userId: user.id,
        orderId: order.id,
      });
    } else if (voucher?.source === 'REFERRAL') {
      await consumeReferralVoucher(txCtx, voucher.code);
    }

    // 5. The payment: attached to the order and processed by its gateway.
    const result = await processOrderPayment(txCtx, {
      payment: view.payment,
      orderId: order.id,
      orderReferenceKey: order.referenceKey,
      amount: totals.total,
      customerEmail: order.userEmail,
      // A pre-order is never charged before staff confirm it (docs/product/cart-and-checkout.md#pre-orders, ADR 040).
      holdUntilConfirmed: checkoutFacts(view).hasPreOrderLine,
    });

    // 5b. The reminder and the expiry of an unpaid order (orders/payment-expiry.service.ts).
    await queuePaymentExpiry(txCtx, order.id, deadline);

    // 6. Empty the checkout: the cart, its addresses and choices go with the row.
    await tx.delete(checkouts).where(eq(checkouts.id, row.id));
    return {
      order,
      lines,
      payment: result.payment,
      repeated: false as const,
      redirectUrl: result.redirectUrl,
      qrCode: result.qrCode,
    };
  });

  if (!placed.repeated) await sendConfirmation(ctx, placed.order, placed.lines);
  // 7. After commit: a hosted gateway's session at its provider (a network call for real
  // providers), so the shopper can go and pay; a repeat answers with the same session.
  const [payment] = placed.repeated ? await paymentsOfOrder(ctx, placed.order.id) : [placed.payment];
  const next = payment ? await startHostedPayment(ctx, placed.order, payment) : null;
  return {
    order: placed.order,
    redirectUrl: next?.redirectUrl ?? (placed.repeated ? null : placed.redirectUrl),
    qrCode: next?.qrCode ?? (placed.repeated ? null : placed.qrCode),
  };
}

// The order stands even when the provider cannot open a session now: the orders page's Pay
// Now button tries again.
async function startHostedPayment(ctx: ServiceContext, order: OrderRow, payment: PaymentRow) {
  try {
    return await startAfterComplete(ctx, order, payment);
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'payment session not opened after checkoutComplete');
    return null;
  }
}

// An order never fails because its confirmation could not be queued: it is sent after commit.
async function sendConfirmation(ctx: ServiceContext, order: OrderRow, lines: OrderLineRow[]): Promise<void> {
  try {
    await sendEmail(ctx, orderConfirmationEmail(order, lines, ctx.config.publicUrl));
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'order confirmation email not queued');
  }
}
