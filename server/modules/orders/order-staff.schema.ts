// The back office's order API (Saleor's names): `orders` lists every customer's orders for
// staff (the customer's own list is User.orders, so the root name is free), `Order.events` is
// the full timeline, and the mutations move an order or record a payment event, each returning
// { order, errors }. Scopes refuse early; the services check the same permissions again.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { PaymentChargeStatusEnum } from '../payments/payments.schema';
import {
  approveOrderCancel,
  confirmOrder,
  confirmOrders,
  ORDER_BULK_MAX,
  denyOrderCancel,
  fulfillOrder,
  listStaffOrders,
  markCashOnDeliveryUnavailable,
  markOrderAsPaid,
  refuseProofOfBilling,
  markUnforeseenCircumstance,
  refundOrder,
  rejectOrder,
  voidOrder,
} from './order-staff.service';
import { DomainError } from '../../lib/domain-error';
import { MoneyRef } from '../../graphql/types/money';
import { orderRefundFacts, type OrderRefundFacts, type PaymentRefundRow } from '../payments/refunds/payment-refunds.service';
import { STAFF_PAYMENT_MESSAGES } from '../payments/payments-staff.service';
import { orderPayments } from './order-payment';
import { orderTimeline, type OrderTimelineEntry } from './order-timeline';
import { OrderRef, OrderStatusEnum } from './order-types.schema';
import { ORDER_NOT_FOUND } from './order-transitions.service';
import { orderConnection, orderIdOf, orderPayload, requireOrderId } from './orders.schema';
import type { OrderRow } from './orders.service';

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
      return orderConnection(() => listStaffOrders(ctx, args));
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

const OrderBulkConfirm = builder.objectRef<WithErrors<{ count: number; orders: OrderRow[] }>>('OrderBulkConfirm').implement({
  fields: (t) => ({
    count: t.int({ description: 'How many orders were confirmed.', resolve: (p) => p.count ?? 0 }),
    orders: t.field({ type: [OrderRef], description: 'The confirmed orders.', resolve: (p) => p.orders ?? [] }),
    errors: t.field({ type: [ErrorRef], description: 'One per order that was not confirmed; field is its id.', resolve: (p) => p.errors }),
  }),
});

builder.mutationField('orderBulkConfirm', (t) =>
  t.field({
    type: OrderBulkConfirm,
    description: 'Staff (MANAGE_ORDERS): confirms each order like orderConfirm, each on its own (at most 100); the refused ones are reported in errors.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const given = [...new Set(args.ids.map(String))];
      if (given.length > ORDER_BULK_MAX) return { count: 0, orders: [], errors: [{ field: 'ids', message: `Please select at most ${ORDER_BULK_MAX} orders.` }] };
      const unknown = given.filter((id) => orderIdOf(id) === null).map((id) => ({ field: id, message: ORDER_NOT_FOUND }));
      const known = given.map(orderIdOf).filter((id): id is number => id !== null);
      if (known.length === 0 && unknown.length > 0) return { count: 0, orders: [], errors: unknown };
      const result = await runMutation(async () => {
        const { confirmed, refused } = await confirmOrders(ctx, known);
        return { count: confirmed.length, orders: confirmed, refused };
      });
      const refused = (result.refused ?? []).map((r) => ({ field: encodeGlobalID('Order', r.orderId), message: r.message }));
      return { count: result.count ?? 0, orders: result.orders ?? [], errors: [...result.errors, ...refused, ...unknown] };
    },
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
    description:
      'Staff (MANAGE_PAYMENTS): gives back all that is left of a paid order, or `amount` of it, through the payment provider when its API can, else recorded as refunded by hand with `reference`. Also completes, by hand, the refund of a payment that arrived after its order expired.',
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: {
      id: t.arg.id({ required: true }),
      amount: t.arg.float({ description: 'Pesos; at most what is left to refund (the default).' }),
      reason: t.arg.string({ description: 'Why (the customer sees it in the refund email).' }),
      reference: t.arg.string({ description: 'For a refund made by hand: the bank transfer or receipt number.' }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        order: await refundOrder(ctx, requireOrderId(args.id), {
          amount: args.amount === null || args.amount === undefined ? null : centavosOfPesos(args.amount),
          reason: args.reason ?? null,
          reference: args.reference ?? null,
        }),
      })),
  }),
);

/** Pesos as centavos; a value with more than two decimals is refused (not rounded into another amount). */
function centavosOfPesos(pesos: number): number {
  const centavos = Math.round(pesos * 100);
  if (!Number.isFinite(pesos) || Math.abs(centavos - pesos * 100) > 1e-6) throw new DomainError(STAFF_PAYMENT_MESSAGES.refundAmount, 'amount');
  return centavos;
}

const PaymentRefundRef = builder.objectRef<PaymentRefundRow>('PaymentRefund').implement({
  description: 'Money given back on an order: by staff, automatically (a payment after the order expired), or at the provider.',
  fields: (t) => ({
    amount: t.field({ type: MoneyRef, resolve: (r) => r.amount }),
    status: t.string({ description: 'PENDING, COMPLETED, FAILED or NEEDS_STAFF.', resolve: (r) => r.status }),
    kind: t.string({ description: 'STAFF, LATE_PAYMENT or PROVIDER.', resolve: (r) => r.kind }),
    reason: t.exposeString('reason'),
    reference: t.exposeString('reference', { nullable: true }),
    provider: t.exposeString('provider', { nullable: true }),
    created: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OrderRefundsRef = builder.objectRef<OrderRefundFacts>('OrderRefunds').implement({
  fields: (t) => ({
    refunds: t.field({ type: [PaymentRefundRef], description: 'Oldest first.', resolve: (f) => f.refunds }),
    refunded: t.field({ type: MoneyRef, description: 'Given back so far (completed).', resolve: (f) => f.refunded }),
    refundable: t.field({ type: MoneyRef, description: 'What staff may still refund.', resolve: (f) => f.refundable }),
    lateRefundNeedsStaff: t.exposeBoolean('lateRefundNeedsStaff', {
      description: 'A payment came after the order expired and its provider could not refund it: staff refund it by hand.',
    }),
  }),
});

builder.objectField(OrderRef, 'refunds', (t) =>
  t.field({
    type: OrderRefundsRef,
    description: "Staff (MANAGE_ORDERS): the order's refunds and what is left to refund.",
    authScopes: { permission: 'MANAGE_ORDERS' },
    resolve: async (order, _args, ctx) => orderRefundFacts(ctx, await orderPayments(ctx, order.id)),
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

builder.mutationField('orderProofOfBillingRefuse', (t) =>
  t.field({
    type: orderPayload('OrderProofOfBillingRefuse'),
    description:
      "Staff (MANAGE_PAYMENTS): the deposit slip of a confirmed Bank Deposit order is refused (with a note); the customer is asked to upload another ('Order confirmed! Please re-upload your proof of payment.').",
    authScopes: { permission: 'MANAGE_PAYMENTS' },
    args: { id: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_root, args, ctx) => runMutation(async () => ({ order: await refuseProofOfBilling(ctx, requireOrderId(args.id), args.note) })),
  }),
);

builder.mutationField('orderCashOnDeliveryUnavailable', (t) =>
  t.field({
    type: orderPayload('OrderCashOnDeliveryUnavailable'),
    description:
      "Staff (MANAGE_ORDERS): cash on delivery cannot be offered for this unpaid order; the order is rejected and its payment says 'Sorry! Cash on delivery is not available.'",
    authScopes: { permission: 'MANAGE_ORDERS' },
    args: { id: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ order: await markCashOnDeliveryUnavailable(ctx, requireOrderId(args.id), args.note) })),
  }),
);
