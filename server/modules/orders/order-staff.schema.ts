// The back office's order API (Saleor's names): `orders` lists every customer's orders for
// staff (the customer's own list is User.orders, so the root name is free), `Order.events` is
// the full timeline, and the mutations move an order or record a payment event, each returning
// { order, errors }. Scopes refuse early; the services check the same permissions again.
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder';
import { runMutation } from '../../graphql/types/errors';
import { PaymentChargeStatusEnum } from '../payments/payments.schema';
import {
  approveOrderCancel,
  confirmOrder,
  denyOrderCancel,
  fulfillOrder,
  listStaffOrders,
  markOrderAsPaid,
  markUnforeseenCircumstance,
  refundOrder,
  rejectOrder,
  voidOrder,
} from './order-staff.service';
import { orderTimeline, type OrderTimelineEntry } from './order-timeline';
import { OrderRef, OrderStatusEnum } from './order-types.schema';
import { orderPayload, requireOrderId } from './orders.schema';
import { InvalidCursorError, orderCursor } from './orders.service';

const DateRangeInput = builder.inputType('DateRangeInput', {
  description: 'Calendar days in Asia/Manila, both ends included.',
  fields: (t) => ({ gte: t.field({ type: 'Date' }), lte: t.field({ type: 'Date' }) }),
});

const OrderFilterInput = builder.inputType('OrderFilterInput', {
  fields: (t) => ({
    status: t.field({ type: [OrderStatusEnum] }),
    paymentStatus: t.field({ type: [PaymentChargeStatusEnum] }),
    gateway: t.stringList(),
    customer: t.string({ description: "Part of the customer's email." }),
    search: t.string({ description: 'Order#, order number, customer email or product name.' }),
    created: t.field({ type: DateRangeInput }),
  }),
});

builder.queryField('orders', (t) =>
  t.connection({
    type: OrderRef,
    description: "Staff (MANAGE_ORDERS): every customer's orders, newest first.",
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { filter: t.arg({ type: OrderFilterInput }) },
    resolve: async (_root, args, ctx) => {
      let page;
      try {
        page = await listStaffOrders(ctx, args);
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new GraphQLError('Invalid cursor', { extensions: { code: 'BAD_USER_INPUT' } });
        throw error;
      }
      const edges = page.rows.map((row) => ({ cursor: orderCursor(row.id), node: row }));
      return {
        edges,
        totalCount: page.totalCount,
        pageInfo: {
          hasNextPage: page.hasNextPage,
          hasPreviousPage: page.hasPreviousPage,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
      };
    },
  }),
);

const OrderEventRef = builder.objectRef<OrderTimelineEntry>('OrderEvent').implement({
  fields: (t) => ({
    date: t.expose('date', { type: 'DateTime' }),
    type: t.exposeString('type'),
    status: t.field({ type: OrderStatusEnum, nullable: true, resolve: (e) => e.status }),
    message: t.exposeString('message'),
    actor: t.exposeString('actor', { nullable: true, description: 'Who did it (the customer or a staff member).' }),
  }),
});

builder.objectField(OrderRef, 'events', (t) =>
  t.field({
    type: [OrderEventRef],
    description: 'Staff (MANAGE_ORDERS): the full timeline, status changes and payment events.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    resolve: (order, _args, ctx) => orderTimeline(ctx, order.id),
  }),
);

const OrderFulfillInput = builder.inputType('OrderFulfillInput', {
  fields: (t) => ({ trackingNumber: t.string({ required: true }), trackingLink: t.string() }),
});

builder.mutationField('orderConfirm', (t) =>
  t.field({
    type: orderPayload('OrderConfirm'),
    description: 'Staff (MANAGE_ORDERS): UNFULFILLED -> UNFULFILLED_ORDER_CONFIRMED.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await confirmOrder(ctx, requireOrderId(args.id)) })),
  }),
);

builder.mutationField('orderFulfill', (t) =>
  t.field({
    type: orderPayload('OrderFulfill'),
    description: 'Staff (MANAGE_ORDERS): a confirmed order ships, with its tracking number and link.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: OrderFulfillInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await fulfillOrder(ctx, requireOrderId(args.id), args.input) })),
  }),
);

builder.mutationField('orderCancel', (t) =>
  t.field({
    type: orderPayload('OrderCancel'),
    description: 'Staff (MANAGE_ORDERS): approves the cancellation request; stock returns unless restock is false, the payment is refunded or voided.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), restock: t.arg.boolean({ defaultValue: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ order: await approveOrderCancel(ctx, requireOrderId(args.id), args.restock ?? true) })),
  }),
);

builder.mutationField('orderCancelDeny', (t) =>
  t.field({
    type: orderPayload('OrderCancelDeny'),
    description: 'Staff (MANAGE_ORDERS): denies the cancellation request; the order returns to its previous status.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await denyOrderCancel(ctx, requireOrderId(args.id), args.note) })),
  }),
);

builder.mutationField('orderMarkUnforeseenCircumstance', (t) =>
  t.field({
    type: orderPayload('OrderMarkUnforeseenCircumstance'),
    description: 'Staff (MANAGE_ORDERS): the shop cannot fulfil the order as planned.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ order: await markUnforeseenCircumstance(ctx, requireOrderId(args.id), args.note) })),
  }),
);

builder.mutationField('orderReject', (t) =>
  t.field({
    type: orderPayload('OrderReject'),
    description: 'Staff (MANAGE_ORDERS): rejects the order; stock returns, the payment is refunded or voided.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await rejectOrder(ctx, requireOrderId(args.id), args.note) })),
  }),
);

builder.mutationField('orderMarkAsPaid', (t) =>
  t.field({
    type: orderPayload('OrderMarkAsPaid'),
    description: 'Staff (MANAGE_PAYMENTS): a bank deposit confirmed after viewing its proof, or cash on delivery collected.',
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await markOrderAsPaid(ctx, requireOrderId(args.id)) })),
  }),
);

builder.mutationField('orderRefund', (t) =>
  t.field({
    type: orderPayload('OrderRefund'),
    description: 'Staff (MANAGE_PAYMENTS): records the refund of a paid order (the money is returned at the provider).',
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await refundOrder(ctx, requireOrderId(args.id)) })),
  }),
);

builder.mutationField('orderVoid', (t) =>
  t.field({
    type: orderPayload('OrderVoid'),
    description: 'Staff (MANAGE_PAYMENTS): voids an unpaid payment.',
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await voidOrder(ctx, requireOrderId(args.id)) })),
  }),
);
