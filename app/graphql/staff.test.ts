// The back office's guard, dashboard, orders and team screens get complete view models from
// the generated (all-nullable) result types.
import { describe, expect, it } from 'vitest';
import { toStaffDashboard, toStaffMembers, toStaffOrder, toStaffOrders, toStaffViewer } from './staff';

const pageInfo = { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' };
const peso = (amount: number) => ({ amount, localized: `₱${amount.toFixed(2)}` });
const row = {
  id: 'O1',
  number: '42',
  referenceKey: 'ABC',
  created: '2026-11-20T02:00:00Z',
  status: 'UNFULFILLED' as const,
  statusDisplay: 'Unfulfilled',
  userEmail: 'ana@example.com',
  gateway: null,
  paymentStatus: 'NOT_CHARGED' as const,
  total: { gross: peso(500) },
  shippingAddress: null,
  shippingMethod: null,
};

describe('staff view models', () => {
  it('gives the guard a staff member with their permissions, null for a visitor', () => {
    expect(toStaffViewer({ me: null })).toBeNull();
    expect(toStaffViewer({ me: { id: 'U1', email: null, firstName: 'Ana', lastName: null, isStaff: true, userPermissions: null } })).toEqual({
      id: 'U1',
      email: '',
      firstName: 'Ana',
      lastName: '',
      isStaff: true,
      userPermissions: [],
    });
  });

  it('fills the dashboard figures, dropping entries without their key', () => {
    const dashboard = toStaffDashboard({
      staffDashboard: {
        ordersToday: 3,
        proofsToCheck: null,
        latePaymentsToRefund: 1,
        lowStockThreshold: 5,
        salesToday: null,
        waiting: [{ status: 'UNFULFILLED', count: 2 }, { status: null, count: 9 }],
        salesByDay: [{ day: '2026-11-20', orders: 3, sales: peso(1500) }],
        lowStock: [{ variantId: 'V1', productName: 'Phone', variantName: null, sku: 'SKU1', stockQuantity: 2 }, { variantId: null, productName: null, variantName: null, sku: null, stockQuantity: null }],
      },
    });
    expect(dashboard).toEqual({
      ordersToday: 3,
      salesToday: { amount: 0, localized: '' },
      waiting: [{ status: 'UNFULFILLED', count: 2 }],
      proofsToCheck: 0,
      latePaymentsToRefund: 1,
      salesByDay: [{ day: '2026-11-20', orders: 3, sales: peso(1500) }],
      lowStock: [{ variantId: 'V1', productName: 'Phone', variantName: '', sku: 'SKU1', stockQuantity: 2 }],
      lowStockThreshold: 5,
    });
    expect(toStaffDashboard({ staffDashboard: null })).toBeNull();
  });

  it('maps the orders page and one order with its refunds', () => {
    const { shippingMethod: _method, ...shown } = row;
    expect(toStaffOrders({ orders: { totalCount: 1, pageInfo, edges: [{ node: row }] } })).toEqual({ orders: [{ ...shown, pickup: false }], pageInfo, totalCount: 1 });
    expect(toStaffOrders({ orders: null })).toEqual({ orders: [], pageInfo: null, totalCount: 0 });
    // The whole ship-to address, barangay and postal code included.
    const address = {
      firstName: 'Maria',
      lastName: 'Santos',
      companyName: '',
      streetAddress1: '12 Mabini Street',
      streetAddress2: 'Unit 3',
      city: 'Quezon City',
      cityArea: 'Bagong Pag-asa',
      countryArea: 'Metro Manila',
      postalCode: '1105',
      phone: '+639175550142',
    };
    expect(toStaffOrders({ orders: { totalCount: 1, pageInfo, edges: [{ node: { ...row, shippingAddress: address, shippingMethod: { type: 'PICKUP' } } }] } }).orders[0]).toMatchObject({
      shippingAddress: address,
      pickup: true,
    });
    const order = toStaffOrder({
      order: {
        ...row,
        paymentStatusDisplay: 'Not charged',
        captureStatus: null,
        isPaid: false,
        invoice: null,
        trackingNumber: null,
        trackingLink: null,
        cancelReason: null,
        cancelNote: null,
        shippingMethodName: 'Standard',
        subtotal: { gross: peso(450) },
        paypalFee: peso(0),
        totalBalance: peso(300),
        proofOfBilling: { url: null, alt: null },
        lines: [{ productName: 'Galaxy A55', brandName: 'Samsung', variantName: '128 GB', productSku: 'SKU1', quantity: 1, unitPrice: null }],
        shippingAddress: null,
        events: [{ date: '2026-11-20T02:00:00Z', type: 'PLACED', message: null, actor: null }],
        refunds: { lateRefundNeedsStaff: null, refunds: null, refunded: peso(0), refundable: peso(500) },
      },
    });
    expect(order).toMatchObject({
      number: '42',
      captureStatus: '',
      balance: peso(300),
      proofOfBilling: null,
      // Brand first, as the storefront names the product.
      lines: [{ productName: 'Samsung Galaxy A55', variantName: '128 GB', productSku: 'SKU1', quantity: 1, unitPrice: { gross: { amount: 0, localized: '' } } }],
      events: [{ date: '2026-11-20T02:00:00Z', type: 'PLACED', message: '', actor: null }],
      refunds: { refunds: [], refunded: peso(0), refundable: peso(500), lateRefundNeedsStaff: false },
    });
    expect(toStaffOrder({ order: null })).toBeNull();
  });

  it('lists the team, dropping a member without an id', () => {
    expect(
      toStaffMembers({
        staffUsers: [
          { id: 'U1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Cruz', isActive: true, isSuperuser: null, permissions: ['MANAGE_ORDERS'] },
          { id: null, email: null, firstName: null, lastName: null, isActive: null, isSuperuser: null, permissions: null },
        ],
      }),
    ).toEqual([{ id: 'U1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Cruz', isActive: true, isSuperuser: false, permissions: ['MANAGE_ORDERS'] }]);
  });
});
