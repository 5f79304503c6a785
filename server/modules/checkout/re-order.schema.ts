// The reOrder mutation: a fulfilled order's lines back into the cart (re-order.service.ts).
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { FieldError } from '../../../common/errors';
import { builder } from '../../graphql/builder';
import { ErrorRef } from '../../graphql/types/errors';
import { DomainError } from '../../lib/domain-error';
import { requireOrderId } from '../orders/orders.schema';
import { reOrder } from './re-order.service';

type ReOrderPayload = { checkoutId: number | null; errors: FieldError[] };

const ReOrderPayloadRef = builder.objectRef<ReOrderPayload>('ReOrder').implement({
  fields: (t) => ({
    checkoutId: t.id({
      nullable: true,
      description: 'The checkout the lines went into (the customer cart).',
      resolve: (p) => (p.checkoutId ? encodeGlobalID('Checkout', p.checkoutId) : null),
    }),
    errors: t.field({ type: [ErrorRef], description: 'Lines no longer available, or why nothing was re-ordered.', resolve: (p) => p.errors }),
    orderErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('reOrder', (t) =>
  t.field({
    type: ReOrderPayloadRef,
    description: 'Puts the still-available lines of a FULFILLED order into the cart.',
    authScopes: { loggedIn: true },
    args: { order: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        return await reOrder(ctx, requireOrderId(args.order, 'Unable to re-order', 'order'));
      } catch (error) {
        if (error instanceof DomainError) return { checkoutId: null, errors: error.errors };
        throw error;
      }
    },
  }),
);
