// The cart lines API: checkoutCreate, checkoutLinesUpdate and checkoutLineDelete.
import { builder } from '../../graphql/builder';
import { runMutation } from '../../graphql/types/errors';
import { checkoutId, checkoutPayload, parseId } from './checkout.schema';
import { createCheckout, deleteLine, updateLines } from './checkout-lines.service';

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

function lineInputs(lines: readonly { quantity: number; variantId: string | number }[]) {
  return lines.map((l) => ({
    quantity: l.quantity,
    variantId: parseId(l.variantId, 'ProductVariant', 'variantId'),
  }));
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
