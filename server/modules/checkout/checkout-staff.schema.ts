// Staff-only checkout API: fee settings, zone rate tables and promo codes (voucherCreate).
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef } from '../../graphql/types/money';
import type { CheckoutSettings } from './checkout-totals';
import {
  createVoucher,
  listVouchers,
  updateCheckoutSettings,
  updateShippingZone,
  type VoucherInput,
} from './checkout-staff.service';
import { getCheckoutSettings } from './checkout.service';
import { parseId } from './checkout.schema';
import { ShippingZoneRef } from './shipping.schema';
import type { ShippingZoneRow } from './shipping.service';
import type { VoucherRow } from './vouchers.service';

const centavos = (pesos: number | null | undefined) =>
  pesos === null || pesos === undefined ? undefined : Math.round(pesos * 100);
const basisPoints = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? undefined : Math.round(percent * 100);

export const CheckoutSettingsRef = builder.objectRef<CheckoutSettings>('CheckoutSettings').implement({
  description: 'Fees of the checkout (docs/product/cart-and-checkout.md). Percentages are percent, e.g. 1.0.',
  fields: (t) => ({
    insurancePercentage: t.float({ resolve: (s) => s.insuranceRate / 100 }),
    insuranceMinimum: t.field({ type: MoneyRef, resolve: (s) => s.insuranceMinimum }),
    cashOnDeliveryFeePercentage: t.float({ resolve: (s) => s.codFeeRate / 100 }),
    cashOnDeliveryFeeMinimum: t.field({ type: MoneyRef, resolve: (s) => s.codFeeMinimum }),
    cashOnDeliveryMaximumOrder: t.field({ type: MoneyRef, resolve: (s) => s.codMaximumOrder }),
    paypalTransactionFeePercentage: t.float({ resolve: (s) => s.paypalFeeRate / 100 }),
  }),
});

export const VoucherTypeEnum = builder.enumType('VoucherTypeEnum', { values: ['FIXED', 'PERCENTAGE'] as const });

export const VoucherRef = builder.objectRef<VoucherRow>('Voucher').implement({
  description: 'A shop promo code.',
  fields: (t) => ({
    id: t.globalID({ resolve: (v) => ({ type: 'Voucher', id: String(v.id) }) }),
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    type: t.field({ type: VoucherTypeEnum, resolve: (v) => v.type }),
    discountValue: t.float({
      description: 'Pesos for FIXED, percent for PERCENTAGE.',
      resolve: (v) => v.value / 100,
    }),
    minimumSpend: t.field({ type: MoneyRef, resolve: (v) => v.minimumSpend }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true }),
    used: t.exposeInt('used'),
    applyOncePerCustomer: t.exposeBoolean('applyOncePerCustomer'),
    gateway: t.exposeString('gateway', { nullable: true }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime', nullable: true }),
    isActive: t.exposeBoolean('isActive', { description: 'False: the code is refused at checkout.' }),
  }),
});

builder.queryField('checkoutSettings', (t) =>
  t.field({
    type: CheckoutSettingsRef,
    authScopes: { permission: 'MANAGE_CONTENT' },
    resolve: (_root, _args, ctx) => getCheckoutSettings(ctx),
  }),
);

builder.queryField('vouchers', (t) =>
  t.field({
    type: [VoucherRef],
    authScopes: { permission: 'MANAGE_CONTENT' },
    resolve: (_root, _args, ctx) => listVouchers(ctx),
  }),
);

const CheckoutSettingsInput = builder.inputType('CheckoutSettingsInput', {
  fields: (t) => ({
    insurancePercentage: t.float(),
    insuranceMinimum: t.float({ description: 'Pesos.' }),
    cashOnDeliveryFeePercentage: t.float(),
    cashOnDeliveryFeeMinimum: t.float({ description: 'Pesos.' }),
    cashOnDeliveryMaximumOrder: t.float({ description: 'Pesos.' }),
    paypalTransactionFeePercentage: t.float(),
  }),
});

builder.mutationField('checkoutSettingsUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ settings: CheckoutSettings }>>('CheckoutSettingsUpdate').implement({
      fields: (f) => ({
        settings: f.field({ type: CheckoutSettingsRef, nullable: true, resolve: (p) => p.settings ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    authScopes: { permission: 'MANAGE_CONTENT' },
    args: { input: t.arg({ type: CheckoutSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => ({
        settings: await updateCheckoutSettings(ctx, {
          insuranceRate: basisPoints(input.insurancePercentage),
          insuranceMinimum: centavos(input.insuranceMinimum),
          codFeeRate: basisPoints(input.cashOnDeliveryFeePercentage),
          codFeeMinimum: centavos(input.cashOnDeliveryFeeMinimum),
          codMaximumOrder: centavos(input.cashOnDeliveryMaximumOrder),
          paypalFeeRate: basisPoints(input.paypalTransactionFeePercentage),
        }),
      })),
  }),
);

const ShippingRateInput = builder.inputType('ShippingRateInput', {
  fields: (t) => ({
    maxWeight: t.float({ required: true, description: 'Kilograms.' }),
    price: t.float({ required: true, description: 'Pesos.' }),
  }),
});

const ShippingZoneInput = builder.inputType('ShippingZoneInput', {
  fields: (t) => ({
    name: t.string(),
    default: t.boolean(),
    provinces: t.stringList(),
    extraPerKgPrice: t.float({ description: 'Pesos per started kilogram above the heaviest band.' }),
    rates: t.field({ type: [ShippingRateInput], description: 'Replaces the whole rate table.' }),
  }),
});

builder.mutationField('shippingZoneUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ shippingZone: ShippingZoneRow }>>('ShippingZoneUpdate').implement({
      fields: (f) => ({
        shippingZone: f.field({ type: ShippingZoneRef, nullable: true, resolve: (p) => p.shippingZone ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    authScopes: { permission: 'MANAGE_CONTENT' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ShippingZoneInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      runMutation(async () => ({
        shippingZone: await updateShippingZone(ctx, parseId(id, 'ShippingZone', 'id'), {
          name: input.name,
          isDefault: input.default,
          provinces: input.provinces,
          extraPerKgPrice: centavos(input.extraPerKgPrice),
          rates: input.rates?.map((r) => ({
            maxWeightGrams: Math.round(r.maxWeight * 1000),
            price: centavos(r.price)!,
          })),
        }),
      })),
  }),
);

const VoucherCreateInput = builder.inputType('VoucherCreateInput', {
  fields: (t) => ({
    code: t.string({ required: true }),
    name: t.string({ required: true }),
    type: t.field({ type: VoucherTypeEnum, required: true }),
    discountValue: t.float({ required: true, description: 'Pesos for FIXED, percent for PERCENTAGE.' }),
    minimumSpend: t.float({ description: 'Pesos.' }),
    usageLimit: t.int(),
    applyOncePerCustomer: t.boolean(),
    gateway: t.string({ description: 'Only this payment gateway may pay with the promo.' }),
    startDate: t.field({ type: 'DateTime' }),
    endDate: t.field({ type: 'DateTime' }),
  }),
});

builder.mutationField('voucherCreate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ voucher: VoucherRow }>>('VoucherCreate').implement({
      fields: (f) => ({
        voucher: f.field({ type: VoucherRef, nullable: true, resolve: (p) => p.voucher ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Creates a promo code (staff, MANAGE_CONTENT).',
    authScopes: { permission: 'MANAGE_CONTENT' },
    args: { input: t.arg({ type: VoucherCreateInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => {
        const voucher: VoucherInput = {
          code: input.code,
          name: input.name,
          type: input.type,
          // FIXED pesos -> centavos; PERCENTAGE percent -> basis points: both x100.
          value: Math.round(input.discountValue * 100),
          minimumSpend: centavos(input.minimumSpend),
          usageLimit: input.usageLimit,
          applyOncePerCustomer: input.applyOncePerCustomer,
          gateway: input.gateway,
          startDate: input.startDate,
          endDate: input.endDate,
        };
        return { voucher: await createVoucher(ctx, voucher) };
      }),
  }),
);
