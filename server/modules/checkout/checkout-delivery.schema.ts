// The delivery API of a checkout: its addresses, shipping method, insurance, shipping fee and COD fee.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef } from '../../graphql/types/money';
import { AddressInputRef } from '../accounts/accounts.schema';
import type { CheckoutView } from './checkout.service';
import { CheckoutRef, checkoutId, checkoutPayload, parseId } from './checkout.schema';
import { estimateShippingFee, saveAddress, saveShippingMethod, setInsurance, showCodFee } from './checkout-delivery.service';

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
      runMutation(async () => {
        const id = checkoutId(args.checkoutId);
        await saveAddress(ctx, id, 'SHIPPING', args.shippingAddress, args.email);
        return { checkoutId: id };
      }),
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
      runMutation(async () => {
        const id = checkoutId(args.checkoutId);
        await saveAddress(ctx, id, 'BILLING', args.billingAddress);
        return { checkoutId: id };
      }),
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
      runMutation(async () => {
        const id = checkoutId(args.checkoutId);
        await saveShippingMethod(ctx, id, parseId(args.shippingMethodId, 'ShippingMethod', 'shippingMethodId'));
        return { checkoutId: id };
      }),
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
