// The Order type: what the customer bought, its totals, addresses, lines and status history.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import { MoneyRef, taxed, TaxedMoneyRef } from '../../graphql/types/money';
import { AddressRef, type AddressView } from '../accounts/accounts.schema';
import { ProductVariantRef } from '../catalogue/catalogue.schema';
import { ORDER_STATUSES, STATUS_DISPLAY } from './order-state';
import {
  addressOfOrder,
  findVisibleOrders,
  linesOfOrder,
  statusLogsOfOrder,
  type OrderAddressRow,
  type OrderLineRow,
  type OrderRow,
  type OrderStatusLogRow,
} from './orders.service';

export const OrderStatusEnum = builder.enumType('OrderStatus', {
  values: ORDER_STATUSES,
});

export const OrderRef = builder.loadableNodeRef<OrderRow, number>('Order', {
  id: { resolve: (o) => o.id },
  load: async (ids, ctx) => {
    const rows = await findVisibleOrders(ctx, ids);
    return ids.map((id) => rows.get(id) ?? new Error(`Order ${id} not found`));
  },
});

/** The order's own copy of an address, shown with the account's Address type. */
function addressView(row: OrderAddressRow | null): AddressView | null {
  if (!row) return null;
  const { orderId: _orderId, type: _type, ...fields } = row;
  return { ...fields, id: encodeGlobalID('OrderAddress', row.id) };
}

export const OrderStatusLogRef = builder.objectRef<OrderStatusLogRow>('OrderStatusLog').implement({
  fields: (t) => ({
    status: t.field({ type: OrderStatusEnum, resolve: (l) => l.status }),
    statusDisplay: t.string({ resolve: (l) => STATUS_DISPLAY[l.status] }),
    created: t.expose('createdAt', { type: 'DateTime' }),
    note: t.exposeString('note', { nullable: true }),
  }),
});

export const OrderLineRef = builder.objectRef<OrderLineRow>('OrderLine').implement({
  fields: (t) => ({
    id: t.globalID({
      resolve: (l) => ({ type: 'OrderLine', id: String(l.id) }),
    }),
    productName: t.exposeString('productName'),
    variantName: t.exposeString('variantName'),
    productSku: t.exposeString('productSku'),
    quantity: t.exposeInt('quantity'),
    thumbnailUrl: t.exposeString('thumbnailUrl', { nullable: true }),
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
    variant: t.field({
      type: ProductVariantRef,
      nullable: true,
      description: 'The variant as it is now in the catalogue (null when it was removed).',
      resolve: (l) => l.variantId,
    }),
  }),
});

export const OrderVoucherRef = builder.objectRef<{ name: string; code: string }>('OrderVoucher').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    code: t.exposeString('code'),
  }),
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
    shippingMethodName: t.exposeString('shippingMethodName', {
      nullable: true,
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
    discount: t.field({ type: MoneyRef, resolve: (o) => o.discount }),
    discountName: t.exposeString('discountName', { nullable: true }),
    voucher: t.field({
      type: OrderVoucherRef,
      nullable: true,
      resolve: (o) => (o.voucherCode ? { name: o.discountName ?? o.voucherCode, code: o.voucherCode } : null),
    }),
    gateway: t.exposeString('gateway', { nullable: true }),
    lines: t.field({
      type: [OrderLineRef],
      resolve: (o, _a, ctx) => linesOfOrder(ctx, o.id),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: async (o, _a, ctx) => addressView(await addressOfOrder(ctx, o.id, 'SHIPPING')),
    }),
    billingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: async (o, _a, ctx) => addressView(await addressOfOrder(ctx, o.id, 'BILLING')),
    }),
    statusLogs: t.field({
      type: [OrderStatusLogRef],
      resolve: (o, _a, ctx) => statusLogsOfOrder(ctx, o.id),
    }),
  }),
});
