// Staff in the API: the permissions of the signed-in user (the back office shows what they may
// do) as Saleor's User.userPermissions, and the back office's dashboard.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { STAFF_PERMISSIONS } from '../../../common/staff/permissions';
import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/types/money';
import { UserRef } from '../accounts/accounts.schema';
import type { LowStockVariant } from '../catalogue/catalogue-stock.service';
import type { DaySales } from '../orders/order-stats.service';
import { OrderStatusEnum } from '../orders/order-types.schema';
import { staffDashboard, type StaffDashboard } from './dashboard.service';
import { permissionsOf } from '../system/staff-access.service';

export const PermissionEnum = builder.enumType('PermissionEnum', { values: STAFF_PERMISSIONS });

builder.objectField(UserRef, 'userPermissions', (t) =>
  t.field({
    type: [PermissionEnum],
    description: 'The back-office permissions of the signed-in user (a superuser holds all); empty for anyone else.',
    resolve: async (user, _args, ctx) => (ctx.user?.id === user.id ? [...(await permissionsOf(ctx))] : []),
  }),
);

const OrderStatusCountRef = builder.objectRef<StaffDashboard['waiting'][number]>('OrderStatusCount').implement({
  fields: (t) => ({ status: t.field({ type: OrderStatusEnum, resolve: (r) => r.status }), count: t.exposeInt('count') }),
});

const DaySalesRef = builder.objectRef<DaySales>('DaySales').implement({
  fields: (t) => ({
    day: t.field({ type: 'Date', resolve: (d) => d.day }),
    orders: t.exposeInt('orders'),
    sales: t.field({ type: MoneyRef, resolve: (d) => d.sales }),
  }),
});

const LowStockVariantRef = builder.objectRef<LowStockVariant>('LowStockVariant').implement({
  fields: (t) => ({
    variantId: t.id({ resolve: (v) => encodeGlobalID('ProductVariant', v.variantId) }),
    productId: t.id({ resolve: (v) => encodeGlobalID('Product', v.productId) }),
    productName: t.exposeString('productName'),
    variantName: t.exposeString('variantName'),
    sku: t.exposeString('sku'),
    stockQuantity: t.exposeInt('stockQuantity'),
  }),
});

const StaffDashboardRef = builder.objectRef<StaffDashboard>('StaffDashboard').implement({
  fields: (t) => ({
    ordersToday: t.exposeInt('ordersToday'),
    salesToday: t.field({ type: MoneyRef, resolve: (d) => d.salesToday }),
    waiting: t.field({ type: [OrderStatusCountRef], description: 'Orders waiting for staff, by status.', resolve: (d) => d.waiting }),
    proofsToCheck: t.exposeInt('proofsToCheck', { description: 'Bank deposits with a proof of billing, not yet marked paid.' }),
    salesByDay: t.field({ type: [DaySalesRef], description: 'The last 14 days (Asia/Manila), oldest first.', resolve: (d) => d.salesByDay }),
    lowStock: t.field({ type: [LowStockVariantRef], resolve: (d) => d.lowStock }),
    lowStockThreshold: t.exposeInt('lowStockThreshold'),
    latePaymentsToRefund: t.exposeInt('latePaymentsToRefund', {
      description: 'Payments that arrived after their order expired and that the provider could not refund: staff refund them by hand.',
    }),
  }),
});

builder.queryField('staffDashboard', (t) =>
  t.field({
    type: StaffDashboardRef,
    nullable: true,
    description: "Staff (MANAGE_ORDERS): today's orders and sales, orders waiting for action, low stock, sales per day.",
    authScopes: { permission: 'MANAGE_ORDERS' },
    resolve: (_root, _args, ctx) => staffDashboard(ctx),
  }),
);
