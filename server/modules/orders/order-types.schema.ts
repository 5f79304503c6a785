// The Order type: what the customer bought, its totals, addresses, lines, payment status and
// status history (docs/product/orders-and-payments.md#order-details). Queries and mutations are in orders.schema.ts.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { CANCEL_REASONS } from '../../../common/orders/order-cancel';
import { trackingLinkHref } from '../../../common/orders/order-display';
import { CAPTURE_STATUSES } from '../../../common/orders/order-status';
import { builder } from '../../graphql/builder';
import { notFound, parseNodeKey } from '../../graphql/node-key';
import type { ServiceContext } from '../../graphql/context';
import { MoneyRef, taxed, TaxedMoneyRef } from '../../graphql/types/money';
import { AddressRef, type AddressView } from '../accounts/accounts.schema';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { ProductRef, ProductVariantRef } from '../catalogue/catalogue.schema';
import { PaymentChargeStatusEnum, PaymentRef } from '../payments/payments.schema';
import { orderRefundFacts } from '../payments/refunds/payment-refunds.service';
import { proofUrl } from './order-actions.service';
import { orderPaymentFacts, orderPayments } from './order-payment';
import { ORDER_STATUSES, STATUS_DISPLAY } from './order-state';
import {
  addressesOfOrders,
  findVisibleOrders,
  linesOfOrders,
  statusLogsOfOrder,
  type OrderAddressRow,
  type OrderLineRow,
  type OrderRow,
  type OrderStatusLogRow,
} from './orders.service';

export const OrderStatusEnum = builder.enumType('OrderStatus', {
  values: ORDER_STATUSES,
});

export const OrderCancelReasonEnum = builder.enumType('OrderCancelReason', {
  values: CANCEL_REASONS,
});

export const OrderRef = builder.loadableNodeRef<OrderRow, number>('Order', {
  id: { resolve: (o) => o.id, parse: parseNodeKey },
  load: async (ids, ctx) => {
    const rows = await findVisibleOrders(ctx, ids);
    // Another customer's order is "not found", exactly like a missing one.
    return ids.map((id) => rows.get(id) ?? notFound('Order', id));
  },
});

/** The order's own copy of an address, shown with the account's Address type. */
function addressView(row: OrderAddressRow | null): AddressView | null {
  if (!row) return null;
  const { orderId: _orderId, type: _type, ...fields } = row;
  return { ...fields, id: encodeGlobalID('OrderAddress', row.id) };
}

/** An address of the orders on one page in one query per type. */
const addressOf = (ctx: ServiceContext, orderId: number, type: 'SHIPPING' | 'BILLING') =>
  contextLoader<OrderAddressRow | null>(ctx, `orders:address:${type}`, (ids) => addressesOfOrders(ctx, ids, type), () => null).load(orderId);

/** Lines of the orders on one page in one query. */
const linesOf = (ctx: ServiceContext, orderId: number) =>
  contextLoader<OrderLineRow[]>(ctx, 'orders:lines', (ids) => linesOfOrders(ctx, ids), () => []).load(orderId);

/** A status log with its order's tracking link (the parcel's page, for the FULFILLED entry). */
type StatusLogView = OrderStatusLogRow & { trackingLink: string | null };

export const OrderStatusLogRef = builder.objectRef<StatusLogView>('OrderStatusLog').implement({
  fields: (t) => ({
    status: t.field({ type: OrderStatusEnum, resolve: (l) => l.status }),
    statusDisplay: t.string({ resolve: (l) => STATUS_DISPLAY[l.status] }),
    created: t.expose('createdAt', { type: 'DateTime' }),
    note: t.exposeString('note', { nullable: true }),
    trackingPage: t.string({
      nullable: true,
      description: "Where the parcel can be followed: on the FULFILLED entry, the order's tracking link (https:// added when it was typed without a scheme); null on the others and when no link was given.",
      resolve: (l) => (l.status === 'FULFILLED' ? trackingLinkHref(l.trackingLink) : null),
    }),
  }),
});

const OrderImageRef = builder.objectRef<{ url: string; alt: string }>('OrderImage').implement({
  description: "An order line's picture as it was when the order was placed.",
  fields: (t) => ({ url: t.exposeString('url'), alt: t.exposeString('alt') }),
});

/** A catalogue row the loader no longer finds (its NOT_FOUND error) as null; other failures still throw. */
async function nullWhenGone<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions['code'] === 'NOT_FOUND') return null;
    throw error;
  }
}

export const OrderLineRef = builder.objectRef<OrderLineRow>('OrderLine').implement({
  fields: (t) => ({
    id: t.globalID({
      resolve: (l) => ({ type: 'OrderLine', id: String(l.id) }),
    }),
    productName: t.exposeString('productName'),
    brandName: t.exposeString('brandName', {
      nullable: true,
      description: 'The brand as it was when the order was placed (null when the product had none).',
    }),
    variantName: t.exposeString('variantName'),
    productSku: t.exposeString('productSku'),
    quantity: t.exposeInt('quantity'),
    thumbnailUrl: t.exposeString('thumbnailUrl', { nullable: true }),
    thumbnail: t.field({
      type: OrderImageRef,
      nullable: true,
      resolve: (l) => (l.thumbnailUrl ? { url: l.thumbnailUrl, alt: l.productName } : null),
    }),
    isPreOrder: t.exposeBoolean('isPreOrder'),
    unitPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (l) => taxed(l.unitPrice),
    }),
    undiscountedUnitPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (l) => taxed(l.undiscountedUnitPrice),
    }),
    totalPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (l) => taxed(l.unitPrice * l.quantity),
    }),
    productId: t.id({
      description: 'The global id of the product bought (it may since have been removed from the catalogue).',
      resolve: (l) => encodeGlobalID('Product', l.productId),
    }),
    // Staff may delete a product that was ordered; the line keeps its name, brand and price, so
    // the order still reads whole and these two answer null instead of a "not found" error.
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The product as it is now in the catalogue (null when it was removed).',
      resolve: (l, _args, ctx) => nullWhenGone(ProductRef.getDataloader(ctx).load(l.productId)),
    }),
    variant: t.field({
      type: ProductVariantRef,
      nullable: true,
      description: 'The variant as it is now in the catalogue (null when it was removed).',
      resolve: (l, _args, ctx) => nullWhenGone(ProductVariantRef.getDataloader(ctx).load(l.variantId)),
    }),
  }),
});

export const OrderVoucherRef = builder.objectRef<{ name: string; code: string }>('OrderVoucher').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    code: t.exposeString('code'),
  }),
});

const ProofOfBillingRef = builder.objectRef<{ url: string; alt: string }>('ProofOfBilling').implement({
  fields: (t) => ({ url: t.exposeString('url'), alt: t.exposeString('alt') }),
});

const OrderShippingMethodRef = builder
  .objectRef<{ id: number; name: string; type: string | null }>('OrderShippingMethod')
  .implement({
    fields: (t) => ({
      id: t.id({ resolve: (m) => encodeGlobalID('ShippingMethod', m.id) }),
      name: t.exposeString('name'),
      type: t.exposeString('type', { nullable: true }),
    }),
  });

const OrderFulfillmentRef = builder.objectRef<{ trackingNumber: string }>('OrderFulfillment').implement({
  fields: (t) => ({ trackingNumber: t.exposeString('trackingNumber') }),
});

OrderRef.implement({
  // An order is visible only to its customer and to staff.
  authScopes: (order, ctx) => ctx.user?.id === order.userId || ctx.user?.isStaff === true,
  fields: (t) => ({
    number: t.string({ resolve: (o) => String(o.id) }),
    referenceKey: t.exposeString('referenceKey'),
    token: t.exposeString('token'),
    created: t.expose('createdAt', { type: 'DateTime' }),
    status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
    statusDisplay: t.string({ resolve: (o) => STATUS_DISPLAY[o.status] }),
    isRead: t.exposeBoolean('isRead'),
    userEmail: t.exposeString('userEmail'),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    trackingLink: t.exposeString('trackingLink', { nullable: true }),
    trackingClientId: t.exposeString('trackingClientId', { nullable: true }),
    fulfillments: t.field({
      type: [OrderFulfillmentRef],
      resolve: (o) => (o.trackingNumber ? [{ trackingNumber: o.trackingNumber }] : []),
    }),
    shippingMethodName: t.exposeString('shippingMethodName', {
      nullable: true,
    }),
    shippingMethod: t.field({
      type: OrderShippingMethodRef,
      nullable: true,
      resolve: (o) =>
        o.shippingMethodId !== null
          ? { id: o.shippingMethodId, name: o.shippingMethodName ?? '', type: o.shippingMethodType }
          : null,
    }),
    subtotal: t.field({
      type: TaxedMoneyRef,
      resolve: (o) => taxed(o.subtotal),
    }),
    total: t.field({ type: TaxedMoneyRef, resolve: (o) => taxed(o.total) }),
    shippingPrice: t.field({
      type: TaxedMoneyRef,
      resolve: (o) => taxed(o.shippingPrice),
    }),
    estimatedShippingFee: t.field({
      type: MoneyRef,
      resolve: (o) => o.estimatedShippingFee,
    }),
    hasInsurance: t.exposeBoolean('hasInsurance'),
    insurance: t.field({ type: MoneyRef, resolve: (o) => o.insurance }),
    cashOnDeliveryFee: t.field({
      type: MoneyRef,
      resolve: (o) => o.cashOnDeliveryFee,
    }),
    paypalFee: t.field({
      type: MoneyRef,
      description: 'The PayPal fee charged with the order (part of total; 0 unless paid with Paypal Checkout).',
      resolve: (o) => o.paypalFee,
    }),
    discount: t.field({ type: MoneyRef, resolve: (o) => o.discount }),
    discountName: t.exposeString('discountName', { nullable: true }),
    voucher: t.field({
      type: OrderVoucherRef,
      nullable: true,
      resolve: (o) => (o.voucherCode ? { name: o.discountName ?? o.voucherCode, code: o.voucherCode } : null),
    }),
    gateway: t.exposeString('gateway', { nullable: true }),
    isPaid: t.boolean({ resolve: async (o, _a, ctx) => (await orderPaymentFacts(ctx, o)).isPaid }),
    paymentStatus: t.field({
      type: PaymentChargeStatusEnum,
      resolve: async (o, _a, ctx) => (await orderPaymentFacts(ctx, o)).paymentStatus,
    }),
    paymentStatusDisplay: t.string({
      description: 'The payment status label a customer sees (docs/product/orders-and-payments.md#payment-status-label; empty when none applies).',
      resolve: async (o, _a, ctx) => (await orderPaymentFacts(ctx, o)).label,
    }),
    captureStatus: t.string({
      description: `One of ${CAPTURE_STATUSES.join(', ')}.`,
      resolve: async (o, _a, ctx) => (await orderPaymentFacts(ctx, o)).captureStatus,
    }),
    totalBalance: t.field({
      type: MoneyRef,
      description: 'What is still to pay.',
      resolve: async (o, _a, ctx) => (await orderPaymentFacts(ctx, o)).totalBalance,
    }),
    refunded: t.field({
      type: MoneyRef,
      description: 'Given back to the customer so far (completed refunds of the payment); 0 when nothing was refunded.',
      resolve: async (o, _a, ctx) => (await orderRefundFacts(ctx, await orderPayments(ctx, o.id))).refunded,
    }),
    payments: t.field({ type: [PaymentRef], resolve: (o, _a, ctx) => orderPayments(ctx, o.id) }),
    proofOfBilling: t.field({
      type: ProofOfBillingRef,
      nullable: true,
      resolve: (o) => {
        const url = proofUrl(o.proofOfBillingPath);
        return url ? { url, alt: o.proofOfBillingAlt || `Proof of billing for order ${o.referenceKey}` } : null;
      },
    }),
    cancelReason: t.field({ type: OrderCancelReasonEnum, nullable: true, resolve: (o) => o.cancelReason }),
    cancelNote: t.exposeString('cancelNote', { nullable: true }),
    lines: t.field({
      type: [OrderLineRef],
      resolve: (o, _a, ctx) => linesOf(ctx, o.id),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: async (o, _a, ctx) => addressView(await addressOf(ctx, o.id, 'SHIPPING')),
    }),
    billingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: async (o, _a, ctx) => addressView(await addressOf(ctx, o.id, 'BILLING')),
    }),
    statusLogs: t.field({
      type: [OrderStatusLogRef],
      resolve: async (o, _a, ctx) => (await statusLogsOfOrder(ctx, o.id)).map((log) => ({ ...log, trackingLink: o.trackingLink })),
    }),
  }),
});
