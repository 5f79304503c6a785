// The cart and checkout API (spec 2 section 7.5): the Checkout type, me.checkout,
// checkout(token), shippingZones and the checkout mutations. Resolvers parse, call, map.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { parseRowId } from '../../graphql/node-key';
import type { ServiceContext } from '../../graphql/context';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef, MoneyRangeRef, taxed, TaxedMoneyRef } from '../../graphql/types/money';
import { DomainError } from '../../lib/domain-error';
import { AddressInputRef, AddressRef, UserRef, type AddressView } from '../accounts/accounts.schema';
import { ProductVariantRef } from '../catalogue/catalogue.schema';
import { OrderRef } from '../orders/orders.schema';
import type { OrderRow } from '../orders/orders.service';
import { GatewayRefusalRef, PaymentGatewayRef } from '../payments/payments.schema';
import {
  addPromoCode,
  CHECKOUT_MESSAGES,
  countShippingZones,
  createCheckout,
  createPayment,
  deleteLine,
  describeCheckout,
  estimateShippingFee,
  findCheckoutByToken,
  findUserCheckout,
  listShippingMethods,
  listShippingZones,
  removePromoCode,
  setInsurance,
  setShippingMethod,
  showCodFee,
  updateLines,
  zoneRates,
  setAddress,
  type CheckoutAddressRow,
  type CheckoutView,
  type LineAdjustment,
  type LineView,
  type ShippingMethodRow,
  type ShippingZoneRow,
} from './checkout.service';
import { paypalFeeFor } from './checkout-totals';
import { completeCheckout } from './place-order';
import { gatewayRefusals } from './checkout-gateways';
import type { AppliedVoucher } from './vouchers';

// ---------------------------------------------------------------------------------------------
// Ids: a Relay global ID ('Checkout:12' in base64) or, for tools and links, a bare number.

export function parseId(value: string | number, typename: string, field: string): number {
  const text = String(value).trim();
  // parseRowId refuses what no integer column holds (2147483648 failed the query itself).
  const bare = parseRowId(text);
  if (bare !== null) return bare;
  try {
    const decoded = decodeGlobalID(text);
    const id = decoded.typename === typename ? parseRowId(decoded.id) : null;
    if (id !== null) return id;
  } catch {
    // Not a global ID: reported below as the spec's "not found" for that field.
  }
  const message =
    typename === 'Checkout'
      ? CHECKOUT_MESSAGES.notFound
      : typename === 'ShippingMethod'
        ? CHECKOUT_MESSAGES.selectShipping
        : typename === 'ProductVariant'
          ? CHECKOUT_MESSAGES.selectVariant
          : CHECKOUT_MESSAGES.lineNotFound;
  throw new DomainError(message, field);
}

// ---------------------------------------------------------------------------------------------
// Types

export const ShippingMethodTypeEnum = builder.enumType('ShippingMethodTypeEnum', {
  values: ['PICKUP', 'DELIVERY'] as const,
});

export const ShippingMethodRef = builder.objectRef<ShippingMethodRow>('ShippingMethod').implement({
  description: 'The first method is pickup, the second delivery (ids are fixed).',
  fields: (t) => ({
    id: t.globalID({
      resolve: (m) => ({ type: 'ShippingMethod', id: String(m.id) }),
    }),
    name: t.exposeString('name'),
    type: t.field({ type: ShippingMethodTypeEnum, resolve: (m) => m.type }),
    price: t.field({
      type: MoneyRef,
      description: 'The method itself costs nothing: delivery is charged by the rate table (estimatedShippingFee).',
      resolve: () => 0,
    }),
    minimumOrderPrice: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (m) => m.minimumOrderPrice,
    }),
    maximumOrderPrice: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (m) => m.maximumOrderPrice,
    }),
    minimumOrderWeight: t.float({
      nullable: true,
      description: 'Kilograms.',
      resolve: (m) => (m.minimumOrderWeightGrams === null ? null : m.minimumOrderWeightGrams / 1000),
    }),
    maximumOrderWeight: t.float({
      nullable: true,
      description: 'Kilograms.',
      resolve: (m) => (m.maximumOrderWeightGrams === null ? null : m.maximumOrderWeightGrams / 1000),
    }),
  }),
});

const ShippingRateRef = builder.objectRef<{ maxWeightGrams: number; price: number }>('ShippingRate').implement({
  description: 'One band of a zone rate table: parcels up to maxWeight kilograms cost price.',
  fields: (t) => ({
    maxWeight: t.float({
      description: 'Kilograms.',
      resolve: (r) => r.maxWeightGrams / 1000,
    }),
    price: t.field({ type: MoneyRef, resolve: (r) => r.price }),
  }),
});

export const ShippingZoneRef = builder.objectRef<ShippingZoneRow>('ShippingZone').implement({
  fields: (t) => ({
    id: t.globalID({
      resolve: (z) => ({ type: 'ShippingZone', id: String(z.id) }),
    }),
    name: t.exposeString('name'),
    default: t.exposeBoolean('isDefault'),
    provinces: t.exposeStringList('provinces'),
    extraPerKgPrice: t.field({
      type: MoneyRef,
      resolve: (z) => z.extraPerKgPrice,
    }),
    rates: t.field({
      type: [ShippingRateRef],
      resolve: (z, _a, ctx) => zoneRates(ctx, z.id),
    }),
    priceRange: t.field({
      type: MoneyRangeRef,
      nullable: true,
      resolve: async (z, _a, ctx) => {
        const prices = (await zoneRates(ctx, z.id)).map((r) => r.price);
        return prices.length ? { start: Math.min(...prices), stop: Math.max(...prices) } : null;
      },
    }),
    shippingMethods: t.field({
      type: [ShippingMethodRef],
      resolve: (_z, _a, ctx) => listShippingMethods(ctx),
    }),
  }),
});

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
      description: 'Subtotal - discount + shipping + insurance (+ the COD fee when paying by COD).',
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
      resolve: (c) => paypalFeeFor(c.totals.total, c.settings),
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

builder.queryField('shippingZones', (t) =>
  t.connection(
    {
      type: ShippingZoneRef,
      resolve: (_root, args, ctx) =>
        offsetConnection(
          args,
          (page) => listShippingZones(ctx, page),
          () => countShippingZones(ctx),
        ),
    },
    { name: 'ShippingZoneCountableConnection' },
  ),
);

// ---------------------------------------------------------------------------------------------
// Mutations

const CheckoutLineInput = builder.inputType('CheckoutLineInput', {
  fields: (t) => ({
    quantity: t.int({ required: true }),
    variantId: t.id({ required: true }),
  }),
});

const CheckoutCreateInput = builder.inputType('CheckoutCreateInput', {
  fields: (t) => ({
    lines: t.field({ type: [CheckoutLineInput], required: true }),
    email: t.string(),
  }),
});

const PaymentInput = builder.inputType('PaymentInput', {
  fields: (t) => ({
    gateway: t.string({
      required: true,
      description: 'A PaymentGateway id, e.g. "Bank Deposit".',
    }),
    token: t.string({
      description: 'The client payment token; a placeholder for gateways that charge later.',
    }),
    amount: t.float({
      description: 'Ignored: the server charges its own total.',
    }),
    paymayaCardId: t.id({ description: 'A saved card (payments issue).' }),
  }),
});

type CheckoutPayload = WithErrors<{ checkout: CheckoutView }>;

const LineAdjustmentRef = builder.objectRef<LineAdjustment>('CheckoutLineAdjustment').implement({
  description: 'A line that asked for more than is left and now holds what can be bought.',
  fields: (t) => ({
    variantId: t.id({ resolve: (a) => encodeGlobalID('ProductVariant', a.variantId) }),
    requested: t.exposeInt('requested', { description: 'The quantity the line would have had.' }),
    quantity: t.exposeInt('quantity', { description: 'The quantity it holds: the stock left.' }),
    message: t.exposeString('message', { description: 'e.g. "Only 3 left: all 3 are in your cart."' }),
  }),
});

function checkoutPayload(name: string, options: { adjustments?: boolean } = {}) {
  return builder.objectRef<CheckoutPayload>(name).implement({
    fields: (t) => ({
      checkout: t.field({
        type: CheckoutRef,
        nullable: true,
        resolve: (p) => p.checkout ?? null,
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

function lineInputs(lines: readonly { quantity: number; variantId: string | number }[]) {
  return lines.map((l) => ({
    quantity: l.quantity,
    variantId: parseId(l.variantId, 'ProductVariant', 'variantId'),
  }));
}

function checkoutId(value: string | number): number {
  return parseId(value, 'Checkout', 'checkoutId');
}

builder.mutationField('checkoutCreate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutCreate', { adjustments: true }),
    description: 'Creates the cart with these lines (or adds them to the existing cart).',
    args: { input: t.arg({ type: CheckoutCreateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await createCheckout(ctx, {
          lines: lineInputs(args.input.lines),
          email: args.input.email,
        }),
      })),
  }),
);

builder.mutationField('checkoutLinesUpdate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutLinesUpdate', { adjustments: true }),
    description:
      'Adds the quantities to the lines of the same variants (add to cart). With replace: true the ' +
      'quantities are set instead (Update Cart). Quantity 0 removes a line.',
    args: {
      checkoutId: t.arg.id({ required: true }),
      lines: t.arg({ type: [CheckoutLineInput], required: true }),
      replace: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await updateLines(ctx, checkoutId(args.checkoutId), lineInputs(args.lines), {
          replace: args.replace === true,
        }),
      })),
  }),
);

builder.mutationField('checkoutLineDelete', (t) =>
  t.field({
    type: checkoutPayload('CheckoutLineDelete'),
    args: {
      checkoutId: t.arg.id({ required: true }),
      lineId: t.arg.id({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await deleteLine(ctx, checkoutId(args.checkoutId), parseId(args.lineId, 'CheckoutLine', 'lineId')),
      })),
  }),
);

builder.mutationField('checkoutShippingAddressUpdate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutShippingAddressUpdate'),
    description: 'Saves the shipping address (a copy kept with the checkout) and the email.',
    args: {
      checkoutId: t.arg.id({ required: true }),
      shippingAddress: t.arg({ type: AddressInputRef, required: true }),
      email: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await setAddress(ctx, checkoutId(args.checkoutId), 'SHIPPING', args.shippingAddress, args.email),
      })),
  }),
);

builder.mutationField('checkoutBillingAddressUpdate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutBillingAddressUpdate'),
    description: 'Saves the billing address (a copy kept with the checkout).',
    args: {
      checkoutId: t.arg.id({ required: true }),
      billingAddress: t.arg({ type: AddressInputRef, required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await setAddress(ctx, checkoutId(args.checkoutId), 'BILLING', args.billingAddress),
      })),
  }),
);

builder.mutationField('checkoutShippingMethodUpdate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutShippingMethodUpdate'),
    args: {
      checkoutId: t.arg.id({ required: true }),
      shippingMethodId: t.arg.id({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await setShippingMethod(
          ctx,
          checkoutId(args.checkoutId),
          parseId(args.shippingMethodId, 'ShippingMethod', 'shippingMethodId'),
        ),
      })),
  }),
);

const InsurancePayload = builder
  .objectRef<WithErrors<{ checkout: CheckoutView; insurancePrice: number }>>('CheckoutInsuranceUpdate')
  .implement({
    fields: (t) => ({
      insurancePrice: t.field({
        type: MoneyRef,
        nullable: true,
        resolve: (p) => p.insurancePrice ?? null,
      }),
      checkout: t.field({
        type: CheckoutRef,
        nullable: true,
        resolve: (p) => p.checkout ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('checkoutInsuranceUpdate', (t) =>
  t.field({
    type: InsurancePayload,
    description: 'Adds or removes shipping insurance (delivery only).',
    args: {
      checkoutId: t.arg.id({ required: true }),
      availInsurance: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const { view, insurancePrice } = await setInsurance(ctx, checkoutId(args.checkoutId), args.availInsurance);
        return { checkout: view, insurancePrice };
      }),
  }),
);

const EstimatePayload = builder
  .objectRef<WithErrors<{ checkout: CheckoutView; estimatedShippingFee: number }>>('EstimateShippingFee')
  .implement({
    fields: (t) => ({
      estimatedShippingFee: t.field({
        type: MoneyRef,
        nullable: true,
        resolve: (p) => p.estimatedShippingFee ?? null,
      }),
      checkout: t.field({
        type: CheckoutRef,
        nullable: true,
        resolve: (p) => p.checkout ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('estimateShippingFee', (t) =>
  t.field({
    type: EstimatePayload,
    args: { checkoutId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const { view, estimatedShippingFee } = await estimateShippingFee(ctx, checkoutId(args.checkoutId));
        return { checkout: view, estimatedShippingFee };
      }),
  }),
);

const CodFeePayload = builder
  .objectRef<WithErrors<{ checkout: CheckoutView; cashOnDeliveryFee: number }>>('ShowCodFee')
  .implement({
    fields: (t) => ({
      cashOnDeliveryFee: t.field({
        type: MoneyRef,
        nullable: true,
        resolve: (p) => p.cashOnDeliveryFee ?? null,
      }),
      checkout: t.field({
        type: CheckoutRef,
        nullable: true,
        resolve: (p) => p.checkout ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('showCodFee', (t) =>
  t.field({
    type: CodFeePayload,
    args: { checkoutId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const { view, cashOnDeliveryFee } = await showCodFee(ctx, checkoutId(args.checkoutId));
        return { checkout: view, cashOnDeliveryFee };
      }),
  }),
);

builder.mutationField('checkoutAddPromoCode', (t) =>
  t.field({
    type: checkoutPayload('CheckoutAddPromoCode'),
    args: {
      checkoutId: t.arg.id({ required: true }),
      promoCode: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await addPromoCode(ctx, checkoutId(args.checkoutId), args.promoCode),
      })),
  }),
);

builder.mutationField('checkoutRemovePromoCode', (t) =>
  t.field({
    type: checkoutPayload('CheckoutRemovePromoCode'),
    description: 'Removes the promo code and clears the chosen payment method.',
    args: {
      checkoutId: t.arg.id({ required: true }),
      promoCode: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await removePromoCode(ctx, checkoutId(args.checkoutId)),
      })),
  }),
);

builder.mutationField('checkoutPaymentCreate', (t) =>
  t.field({
    type: checkoutPayload('CheckoutPaymentCreate'),
    description: 'Chooses how to pay. Nothing is charged here; the amount is the server total.',
    args: {
      checkoutId: t.arg.id({ required: true }),
      input: t.arg({ type: PaymentInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        checkout: await createPayment(ctx, checkoutId(args.checkoutId), {
          gateway: args.input.gateway,
          // A saved card (Paymaya Vault) is the payment's token; payments checks it is the customer's.
          token: args.input.paymayaCardId != null ? String(args.input.paymayaCardId) : args.input.token,
        }),
      })),
  }),
);

const CompletePayload = builder
  .objectRef<
    WithErrors<{
      order: OrderRow;
      redirectUrl: string | null;
      qrCode: string | null;
    }>
  >('CheckoutComplete')
  .implement({
    fields: (t) => ({
      order: t.field({
        type: OrderRef,
        nullable: true,
        resolve: (p) => p.order ?? null,
      }),
      redirectUrl: t.string({
        nullable: true,
        resolve: (p) => p.redirectUrl ?? null,
      }),
      qrCode: t.string({
        nullable: true,
        description: 'A QR code image (data URL), for gateways paid by scanning.',
        resolve: (p) => p.qrCode ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('checkoutComplete', (t) =>
  t.field({
    type: CompletePayload,
    description: 'Places the order (one transaction). Repeating it returns the same order.',
    args: { checkoutId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () => completeCheckout(ctx, checkoutId(args.checkoutId))),
  }),
);
