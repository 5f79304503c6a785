// The paying end of checkout: promo codes, the payment choice and checkoutComplete.
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { OrderRef } from '../orders/orders.schema';
import type { OrderRow } from '../orders/orders.service';
import { checkoutId, checkoutPayload } from './checkout.schema';
import { addPromoCode, removePromoCode, savePayment } from './checkout-payment.service';
import { completeCheckout } from './place-order.service';

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
      runMutation(async () => {
        const id = checkoutId(args.checkoutId);
        await savePayment(ctx, id, {
          gateway: args.input.gateway,
          // A saved card (Paymaya Vault) is the payment's token; payments checks it is the customer's.
          token: args.input.paymayaCardId != null ? String(args.input.paymayaCardId) : args.input.token,
        });
        return { checkoutId: id };
      }),
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
