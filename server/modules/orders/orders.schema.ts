// Orders in the API: the customer's orders (paged, searched), one order, the unread count, and
// the customer's order mutations. The Order type itself is in order-types.schema.ts.
import { rowIdOf } from '../../graphql/node-key';
import type { FieldError } from '../../../common/errors';
import { builder } from '../../graphql/builder';
import { keysetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { DomainError } from '../../lib/domain-error';
import { UserRef } from '../accounts/accounts.schema';
import { requestOrderCancel, resubmitReceipt, uploadProofOfBilling } from './order-actions.service';
import { ORDER_NOT_FOUND } from './order-transitions.service';
import { OrderCancelReasonEnum, OrderRef } from './order-types.schema';
import {
  countUnreadOrders,
  findVisibleOrder,
  listOwnOrders,
  markOrdersRead,
  orderCursor,
  type OrderPage,
  type OrderRow,
} from './orders.service';

export { OrderRef } from './order-types.schema';

/** The numeric id of an Order global id, or null for anything else. */
export function orderIdOf(id: string | number): number | null {
  return rowIdOf(id, 'Order');
}

export function requireOrderId(id: string | number, message = ORDER_NOT_FOUND, field = 'id'): number {
  const orderId = orderIdOf(id);
  if (orderId === null) throw new DomainError(message, field);
  return orderId;
}

// ---------------------------------------------------------------------------------------------
// Queries

builder.objectField(UserRef, 'orders', (t) =>
  t.connection({
    type: OrderRef,
    description: 'The user orders, newest first. search matches the Order# or a product name.',
    args: { search: t.arg.string() },
    resolve: async (user, args, ctx) => {
      // Only the owner lists their orders (the User type is visible to staff as well).
      const own = ctx.user?.id === user.id;
      return orderConnection(async () =>
        own ? listOwnOrders(ctx, args) : { rows: [] as OrderRow[], hasNextPage: false, hasPreviousPage: false, totalCount: 0 },
      );
    },
  }),
);

builder.objectField(UserRef, 'unreadOrdersCount', (t) =>
  t.int({
    description: 'Orders placed or changed since the user last opened them (the red dot on Account).',
    resolve: (user, _args, ctx) => (ctx.user?.id === user.id ? countUnreadOrders(ctx, user.id) : 0),
  }),
);

builder.queryField('order', (t) =>
  t.field({
    type: OrderRef,
    nullable: true,
    description: 'One order: for its customer (and staff); null for anyone else.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const orderId = orderIdOf(args.id);
      return orderId === null ? null : findVisibleOrder(ctx, orderId);
    },
  }),
);

// ---------------------------------------------------------------------------------------------
// Mutations

/** The rulebook's order payloads: the order, errors, and orderErrors (the same list). */
/** An order page as a connection (server/graphql/pagination.ts). */
export function orderConnection(load: () => Promise<OrderPage>) {
  return keysetConnection(load, (row) => orderCursor(row.id));
}

export function orderPayload(name: string) {
  return builder.objectRef<WithErrors<{ order: OrderRow }>>(name).implement({
    fields: (t) => ({
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      orderErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

const ReadOrdersPayload = builder.objectRef<WithErrors<{ unreadOrdersCount: number }>>('ReadOrders').implement({
  fields: (t) => ({
    unreadOrdersCount: t.int({ resolve: (p) => p.unreadOrdersCount ?? 0 }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('readOrders', (t) =>
  t.field({
    type: ReadOrdersPayload,
    description: 'Marks these orders of the user as read (clears the red dot on Account).',
    authScopes: { loggedIn: true },
    args: { orders: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const ids = args.orders.map((id) => orderIdOf(id)).filter((id): id is number => id !== null);
        await markOrdersRead(ctx, ids);
        return { unreadOrdersCount: await countUnreadOrders(ctx, ctx.user!.id) };
      }),
  }),
);

builder.mutationField('requestOrderCancel', (t) =>
  t.field({
    type: orderPayload('RequestOrderCancel'),
    description: 'Asks staff to cancel an UNFULFILLED order; OTHERS needs a note (up to 500 characters).',
    authScopes: { loggedIn: true },
    args: {
      id: t.arg.id({ required: true }),
      reason: t.arg({ type: OrderCancelReasonEnum }),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        order: await requestOrderCancel(ctx, { orderId: requireOrderId(args.id), reason: args.reason, note: args.note }),
      })),
  }),
);

type PaymentError = FieldError & { code: string };

const PaymentErrorRef = builder.objectRef<PaymentError>('PaymentError').implement({
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.exposeString('code'),
  }),
});

builder.mutationField('resubmitReceipt', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ order: OrderRow }>>('ResubmitReceipt').implement({
      fields: (f) => ({
        order: f.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
        paymentErrors: f.field({
          type: [PaymentErrorRef],
          resolve: (p) => p.errors.map((e) => ({ ...e, code: e.field === 'id' || e.field === 'orderId' ? 'NOT_FOUND' : 'INVALID' })),
        }),
      }),
    }),
    description: 'Emails the receipt of a FULFILLED order again.',
    authScopes: { loggedIn: true },
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        order: await resubmitReceipt(ctx, requireOrderId(args.orderId, 'Unable to resend receipt', 'orderId')),
      })),
  }),
);

const ProofOfBillingInput = builder.inputType('ProofOfBillingInput', {
  fields: (t) => ({
    alt: t.string(),
    image: t.string({ required: true, description: 'The image as a base64 data URL (image/*), up to 5,000,000 bytes.' }),
  }),
});

builder.mutationField('proofOfBillingUpload', (t) =>
  t.field({
    type: orderPayload('ProofOfBillingUpload'),
    description: 'Uploads the deposit slip of a Bank Deposit order.',
    authScopes: { loggedIn: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProofOfBillingInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        order: await uploadProofOfBilling(ctx, {
          orderId: requireOrderId(args.id),
          alt: args.input.alt,
          image: args.input.image,
        }),
      })),
  }),
);
