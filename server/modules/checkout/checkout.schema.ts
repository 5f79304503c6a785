// The Checkout type, me.checkout and checkout(token), and the payload the checkout mutations share.
// The mutations: checkout-lines, checkout-delivery and checkout-payment .schema.ts; shipping: shipping.schema.ts.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { requireRowId } from '../../graphql/node-key';
import type { ServiceContext } from '../../graphql/context';
import { ErrorRef, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef, taxed, TaxedMoneyRef } from '../../graphql/types/money';
import { AddressRef, UserRef, type AddressView } from '../accounts/accounts.schema';
import { ProductVariantRef } from '../catalogue/catalogue.schema';
import { GatewayRefusalRef, PaymentGatewayRef } from '../payments/payments.schema';
import {
  CHECKOUT_MESSAGES,
  describeCheckout,
  findCheckoutByToken,
  findUserCheckout,
  freshView,
  type CheckoutAddressRow,
  type CheckoutView,
  type LineAdjustment,
  type LineView,
} from './checkout.service';
import { gatewayRefusals } from './checkout-gateways';
import { ShippingMethodRef } from './shipping.schema';
import type { AppliedVoucher } from './vouchers.service';

// ---------------------------------------------------------------------------------------------
// Ids: a Relay global ID ('Checkout:12' in base64) or, for tools and links, a bare number.

export function parseId(value: string | number, typename: string, field: string): number {
  const message =
    typename === 'Checkout'
      ? CHECKOUT_MESSAGES.notFound
      : typename === 'ShippingMethod'
        ? CHECKOUT_MESSAGES.selectShipping
        : typename === 'ProductVariant'
          ? CHECKOUT_MESSAGES.selectVariant
          : CHECKOUT_MESSAGES.lineNotFound;
  return requireRowId(value, typename, { message, field, bareNumbers: true });
}

const PaymentMethodRef = builder.objectRef<{ name: string; gatewayName: string }>('VoucherPaymentMethod').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    gatewayName: t.exposeString('gatewayName'),
  }),
});

export const CheckoutVoucherRef = builder.objectRef<AppliedVoucher>('CheckoutVoucher').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    type: t.string({
      description: 'FIXED or PERCENTAGE.',
      resolve: (v) => v.terms.type,
    }),
    isValid: t.exposeBoolean('isValid'),
    problem: t.exposeString('problem', {
      nullable: true,
      description: 'Why it discounts nothing now.',
    }),
    paymentMethod: t.field({
      type: PaymentMethodRef,
      nullable: true,
      description: 'The only gateway the promo may be paid with, if it is tied to one.',
      resolve: (v) => (v.gateway ? { name: v.gateway, gatewayName: v.gateway } : null),
    }),
  }),
});

export const CheckoutLineRef = builder.objectRef<LineView>('CheckoutLine').implement({
  fields: (t) => ({
    id: t.globalID({
      resolve: (l) => ({ type: 'CheckoutLine', id: String(l.id) }),
    }),
    quantity: t.exposeInt('quantity'),
    unitPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (l) => taxed(l.unitPrice),
    }),
    totalPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (l) => taxed(l.totalPrice),
    }),
    isAvailable: t.boolean({
      resolve: (l) => l.variant?.isAvailable === true,
    }),
    quantityAvailable: t.int({
      nullable: true,
      description: "Units of this line's variant in stock now, exact (the cart's limit and its 'Only N left'); null when the variant was removed.",
      resolve: (l) => l.variant?.stockQuantity ?? null,
    }),
    variant: t.field({
      type: ProductVariantRef,
      nullable: true,
      description: 'Null when the variant was removed from the catalogue.',
      resolve: (l) => (l.variant ? l.variantId : null),
    }),
  }),
});

/** The checkout's own copy of an address, shown with the account's Address type. */
function addressView(row: CheckoutAddressRow | null): AddressView | null {
  if (!row) return null;
  const { checkoutId: _checkoutId, type: _type, ...fields } = row;
  return { ...fields, id: encodeGlobalID('CheckoutAddress', row.id) };
}

export const CheckoutRef = builder.objectRef<CheckoutView>('Checkout').implement({
  description: 'The customer cart. Every amount is computed by the server.',
  fields: (t) => ({
    id: t.globalID({
      resolve: (c) => ({ type: 'Checkout', id: String(c.row.id) }),
    }),
    token: t.string({ resolve: (c) => c.row.token }),
    email: t.string({ resolve: (c) => c.row.email }),
    quantity: t.int({
      description: 'The sum of the line quantities.',
      resolve: (c) => c.totals.quantity,
    }),
    lines: t.field({ type: [CheckoutLineRef], resolve: (c) => c.lines }),
    subtotalPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (c) => taxed(c.totals.subtotal),
    }),
    shippingPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (c) => taxed(c.totals.shippingPrice),
    }),
    estimatedShippingFee: t.field({
      type: MoneyRef,
      description: 'Rate-table fee by parcel weight and destination zone; 0 for pickup or without an address.',
      resolve: (c) => c.totals.estimatedShippingFee,
    }),
    totalPrice: t.field({
      type: TaxedMoneyRef,
      description: 'Subtotal - discount + shipping + insurance (+ the COD fee when paying by COD, + the PayPal fee when paying with PayPal).',
      resolve: (c) => taxed(c.totals.total),
    }),
    cashOnDeliveryAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The COD fee this checkout would pay; null when COD is not available.',
      resolve: (c) => c.totals.cashOnDeliveryFee,
    }),
    hasInsurance: t.boolean({ resolve: (c) => c.totals.insurance > 0 }),
    insurance: t.field({
      type: MoneyRef,
      resolve: (c) => c.totals.insurance,
    }),
    discount: t.field({ type: MoneyRef, resolve: (c) => c.totals.discount }),
    discountName: t.string({
      nullable: true,
      resolve: (c) => (c.voucher?.isValid ? c.voucher.name : null),
    }),
    voucherCode: t.string({
      nullable: true,
      resolve: (c) => c.voucher?.code ?? null,
    }),
    voucher: t.field({
      type: CheckoutVoucherRef,
      nullable: true,
      resolve: (c) => c.voucher,
    }),
    billingAddress: t.field({ type: AddressRef, nullable: true, resolve: (c) => addressView(c.billingAddress) }),
    shippingAddress: t.field({ type: AddressRef, nullable: true, resolve: (c) => addressView(c.shippingAddress) }),
    availableShippingMethods: t.field({
      type: [ShippingMethodRef],
      resolve: (c) => c.availableShippingMethods,
    }),
    shippingMethod: t.field({
      type: ShippingMethodRef,
      nullable: true,
      resolve: (c) => c.shippingMethod,
    }),
    availablePaymentGateways: t.field({
      type: [PaymentGatewayRef],
      resolve: (c) => c.gateways,
    }),
    unavailablePaymentGateways: t.field({
      type: [GatewayRefusalRef],
      description: 'Gateways the shop offers that this checkout may not use, with why (voucher-tied gateways left out).',
      resolve: (c, _args, ctx: ServiceContext) => gatewayRefusals(ctx, c),
    }),
    paymentGateway: t.string({
      nullable: true,
      description: 'The gateway chosen with checkoutPaymentCreate.',
      resolve: (c) => c.payment?.gateway ?? null,
    }),
    isShippingRequired: t.boolean({
      resolve: (c) => c.shippingMethod?.type === 'DELIVERY',
    }),
    paypalTransactionFeePercentage: t.float({
      description: 'Percent, e.g. 4.4: PayPal fee = total / (1 - rate) - total.',
      resolve: (c) => c.settings.paypalFeeRate / 100,
    }),
    paypalTransactionFee: t.field({
      type: MoneyRef,
      description: 'The PayPal fee this checkout would pay with Paypal Checkout (on the total before a payment fee).',
      resolve: (c) => c.totals.paypalFee,
    }),
    paypalFee: t.field({
      type: MoneyRef,
      description: 'The PayPal fee included in totalPrice: paypalTransactionFee when Paypal Checkout is the chosen payment, else 0.',
      resolve: (c) => c.totals.appliedPaypalFee,
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Queries

builder.objectField(UserRef, 'checkout', (t) =>
  t.field({
    type: CheckoutRef,
    nullable: true,
    description: 'The user cart, if one exists.',
    resolve: async (user, _args, ctx) => {
      // Only the owner reads their cart (the User type is visible to staff as well).
      if (ctx.user?.id !== user.id) return null;
      const row = await findUserCheckout(ctx, user.id);
      return row ? describeCheckout(ctx, row) : null;
    },
  }),
);

builder.queryField('checkout', (t) =>
  t.field({
    type: CheckoutRef,
    nullable: true,
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const row = await findCheckoutByToken(ctx, args.token);
      return row ? describeCheckout(ctx, row) : null;
    },
  }),
);

// ---------------------------------------------------------------------------------------------
// What every checkout mutation returns

/**
 * A mutation's answer: the checkout's view, or only its id when the write computed none; the
 * view is then computed if, and only if, the client asks for the checkout field (six
 * checkout calls recomputed the whole view, 10-12 statements, to answer `errors` alone).
 */
type CheckoutPayload = WithErrors<{ checkout?: CheckoutView; checkoutId?: number }>;

const LineAdjustmentRef = builder.objectRef<LineAdjustment>('CheckoutLineAdjustment').implement({
  description: 'A line that asked for more than is left and now holds what can be bought.',
  fields: (t) => ({
    variantId: t.id({ resolve: (a) => encodeGlobalID('ProductVariant', a.variantId) }),
    requested: t.exposeInt('requested', { description: 'The quantity the line would have had.' }),
    quantity: t.exposeInt('quantity', { description: 'The quantity it holds: the stock left.' }),
    message: t.exposeString('message', { description: 'e.g. "Only 3 left: all 3 are in your cart."' }),
  }),
});

export function checkoutPayload(name: string, options: { adjustments?: boolean } = {}) {
  return builder.objectRef<CheckoutPayload>(name).implement({
    fields: (t) => ({
      checkout: t.field({
        type: CheckoutRef,
        nullable: true,
        resolve: (p, _args, ctx: ServiceContext) =>
          p.checkout ?? (p.checkoutId !== undefined ? freshView(ctx, p.checkoutId) : null),
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      ...(options.adjustments
        ? {
            adjustments: t.field({
              type: [LineAdjustmentRef],
              description: 'Lines set to the stock left instead of the quantity asked for (empty when none).',
              resolve: (p) => p.checkout?.adjustments ?? [],
            }),
          }
        : {}),
    }),
  });
}

export function checkoutId(value: string | number): number {
  return parseId(value, 'Checkout', 'checkoutId');
}
