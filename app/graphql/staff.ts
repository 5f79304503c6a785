// The back office's operations (/staff): who is signed in, the dashboard, the orders table,
// one order with its timeline, and the order actions.
import { productDisplayName } from '../../common/catalogue/pricing';
import { operation } from '../../common/graphql-operation';
import type { StaffPermission } from '../../common/staff/permissions';
import type { OrderStatus } from '../../common/orders/order-status';
import type * as G from './generated';
import { ADDRESS_FIELDS, toScreenAddress, type ScreenAddress } from './address';
import { INVOICE_FIELDS, toInvoiceSummary, type InvoiceSummary } from './invoice';

type Money = { amount: number; localized: string };
type GMoney = { amount: number | null; localized: string | null } | null;

/** A money value as the screens format it; the schema allows its parts to be null. */
const money = (m: GMoney): Money => ({ amount: m?.amount ?? 0, localized: m?.localized ?? '' });
const gross = (p: { gross: GMoney } | null) => ({ gross: money(p?.gross ?? null) });

export const StaffViewerQuery = operation<G.StaffViewerQuery, G.StaffViewerQueryVariables>(/* GraphQL */ `
  query StaffViewer {
    me {
      id
      email
      firstName
      lastName
      isStaff
      userPermissions
    }
  }
`);

export type StaffViewer = { id: string; email: string; firstName: string; lastName: string; isStaff: boolean; userPermissions: StaffPermission[] };

/** Who is signed in, as the back office's guard and screens use it; null for a visitor. */
export function toStaffViewer(data: G.StaffViewerQuery): StaffViewer | null {
  const me = data.me;
  if (!me) return null;
  return { id: me.id, email: me.email ?? '', firstName: me.firstName ?? '', lastName: me.lastName ?? '', isStaff: me.isStaff ?? false, userPermissions: me.userPermissions ?? [] };
}

export type StaffDashboardData = {
  ordersToday: number;
  salesToday: Money;
  waiting: { status: OrderStatus; count: number }[];
  proofsToCheck: number;
  latePaymentsToRefund: number;
  salesByDay: { day: string; orders: number; sales: Money }[];
  lowStock: { variantId: string; productName: string; variantName: string; sku: string; stockQuantity: number }[];
  lowStockThreshold: number;
};

export const StaffDashboardQuery = operation<G.StaffDashboardQuery, G.StaffDashboardQueryVariables>(/* GraphQL */ `
  query StaffDashboard {
    staffDashboard {
      ordersToday
      salesToday { amount localized }
      waiting { status count }
      proofsToCheck
      latePaymentsToRefund
      salesByDay { day orders sales { amount localized } }
      lowStock { variantId productName variantName sku stockQuantity }
      lowStockThreshold
    }
  }
`);

export function toStaffDashboard(data: G.StaffDashboardQuery): StaffDashboardData | null {
  const d = data.staffDashboard;
  if (!d) return null;
  return {
    ordersToday: d.ordersToday ?? 0,
    salesToday: money(d.salesToday),
    waiting: (d.waiting ?? []).flatMap((w) => (w.status ? [{ status: w.status, count: w.count ?? 0 }] : [])),
    proofsToCheck: d.proofsToCheck ?? 0,
    latePaymentsToRefund: d.latePaymentsToRefund ?? 0,
    salesByDay: (d.salesByDay ?? []).map((s) => ({ day: s.day ?? '', orders: s.orders ?? 0, sales: money(s.sales) })),
    lowStock: (d.lowStock ?? []).flatMap((v) =>
      v.variantId
        ? [{ variantId: v.variantId, productName: v.productName ?? '', variantName: v.variantName ?? '', sku: v.sku ?? '', stockQuantity: v.stockQuantity ?? 0 }]
        : [],
    ),
    lowStockThreshold: d.lowStockThreshold ?? 0,
  };
}

export type StaffOrderRow = {
  id: string;
  number: string;
  referenceKey: string;
  created: string;
  status: OrderStatus;
  statusDisplay: string;
  userEmail: string;
  gateway: string | null;
  paymentStatus: string;
  total: { gross: Money };
  /** Where the parcel goes: the whole address with the phone (for a pickup, who collects it). */
  shippingAddress: ScreenAddress | null;
  /** Collected at the store: nothing is shipped. */
  pickup: boolean;
};

export type StaffOrderFilter = G.OrderFilterInput;

export const StaffOrdersQuery = operation<G.StaffOrdersQuery, G.StaffOrdersQueryVariables>(/* GraphQL */ `
  query StaffOrders($first: Int, $last: Int, $after: String, $before: String, $filter: OrderFilterInput) {
    orders(first: $first, last: $last, after: $after, before: $before, filter: $filter) {
      totalCount
      edges {
        node {
          id
          number
          referenceKey
          created
          status
          statusDisplay
          userEmail
          gateway
          paymentStatus
          total { gross { amount localized } }
          shippingAddress { ...AddressFields }
          shippingMethod { type }
        }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
  ${ADDRESS_FIELDS}
`);

type GOrderRow = NonNullable<G.StaffOrdersQuery['orders']>['edges'][number]['node'];

function toOrderRow(o: GOrderRow): StaffOrderRow {
  return {
    id: o.id,
    number: o.number ?? '',
    referenceKey: o.referenceKey ?? '',
    created: o.created ?? '',
    // The API always sets an order's status; UNFULFILLED is where every order starts.
    status: o.status ?? 'UNFULFILLED',
    statusDisplay: o.statusDisplay ?? '',
    userEmail: o.userEmail ?? '',
    gateway: o.gateway,
    paymentStatus: o.paymentStatus ?? '',
    total: gross(o.total),
    shippingAddress: o.shippingAddress ? toScreenAddress(o.shippingAddress) : null,
    pickup: o.shippingMethod?.type === 'PICKUP',
  };
}

/** The orders table's page: its rows and the paging. */
export function toStaffOrders(data: G.StaffOrdersQuery) {
  const orders = data.orders;
  return { orders: (orders?.edges ?? []).map((e) => toOrderRow(e.node)), pageInfo: orders?.pageInfo ?? null, totalCount: orders?.totalCount ?? 0 };
}

export type StaffOrderDetail = StaffOrderRow & {
  isPaid: boolean;
  captureStatus: string;
  paymentStatusDisplay: string;
  trackingNumber: string | null;
  trackingLink: string | null;
  cancelReason: string | null;
  cancelNote: string | null;
  shippingMethodName: string | null;
  subtotal: { gross: Money };
  /** The PayPal fee charged with the order (ADR 040); amount 0 when none. */
  paypalFee: Money;
  /** What is still to pay: the remaining balance of a payment made in part (ADR 050). */
  balance: Money;
  proofOfBilling: { url: string; alt: string } | null;
  lines: { productName: string; variantName: string; productSku: string; quantity: number; unitPrice: { gross: Money } }[];
  events: { date: string; type: string; message: string; actor: string | null }[];
  refunds: StaffOrderRefunds | null;
  /** The sales invoice and credit memos (for staff with MANAGE_ORDERS; null otherwise or before payment). */
  invoice: InvoiceSummary | null;
};

export type StaffOrderRefunds = {
  refunds: { amount: Money; status: string; kind: string; reason: string; reference: string | null; provider: string | null; created: string }[];
  refunded: Money;
  refundable: Money;
  lateRefundNeedsStaff: boolean;
};

export const StaffOrderQuery = operation<G.StaffOrderQuery, G.StaffOrderQueryVariables>(/* GraphQL */ `
  query StaffOrder($id: ID!) {
    order(id: $id) {
      id
      number
      referenceKey
      created
      status
      statusDisplay
      userEmail
      gateway
      paymentStatus
      paymentStatusDisplay
      captureStatus
      isPaid
      trackingNumber
      trackingLink
      cancelReason
      cancelNote
      shippingMethodName
      subtotal { gross { amount localized } }
      total { gross { amount localized } }
      paypalFee { amount localized }
      totalBalance { amount localized }
      proofOfBilling { url alt }
      lines { productName brandName variantName productSku quantity unitPrice { gross { amount localized } } }
      shippingAddress { ...AddressFields }
      shippingMethod { type }
      events { date type message actor }
      refunds {
        refunds { amount { amount localized } status kind reason reference provider created }
        refunded { amount localized }
        refundable { amount localized }
        lateRefundNeedsStaff
      }
      invoice { ...InvoiceSummaryFields }
    }
  }
  ${ADDRESS_FIELDS}${INVOICE_FIELDS}
`);

/** One order with its timeline and refunds, as the order page shows it; null when not found. */
export function toStaffOrder(data: G.StaffOrderQuery): StaffOrderDetail | null {
  const o = data.order;
  if (!o) return null;
  const r = o.refunds;
  return {
    ...toOrderRow(o),
    isPaid: o.isPaid ?? false,
    invoice: toInvoiceSummary(o.invoice),
    captureStatus: o.captureStatus ?? '',
    paymentStatusDisplay: o.paymentStatusDisplay ?? '',
    trackingNumber: o.trackingNumber,
    trackingLink: o.trackingLink,
    cancelReason: o.cancelReason,
    cancelNote: o.cancelNote,
    shippingMethodName: o.shippingMethodName,
    subtotal: gross(o.subtotal),
    paypalFee: { amount: o.paypalFee?.amount ?? 0, localized: o.paypalFee?.localized ?? '' },
    balance: { amount: o.totalBalance?.amount ?? 0, localized: o.totalBalance?.localized ?? '' },
    proofOfBilling: o.proofOfBilling?.url ? { url: o.proofOfBilling.url, alt: o.proofOfBilling.alt ?? '' } : null,
    lines: (o.lines ?? []).map((l) => ({
      // As the storefront names it, brand first, with the brand the line kept.
      productName: l.productName ? productDisplayName(l.productName, l.brandName) : '',
      variantName: l.variantName ?? '',
      productSku: l.productSku ?? '',
      quantity: l.quantity ?? 0,
      unitPrice: gross(l.unitPrice),
    })),
    events: (o.events ?? []).map((e) => ({ date: e.date ?? '', type: e.type ?? '', message: e.message ?? '', actor: e.actor })),
    refunds: r
      ? {
          refunds: (r.refunds ?? []).map((x) => ({
            amount: money(x.amount),
            status: x.status ?? '',
            kind: x.kind ?? '',
            reason: x.reason ?? '',
            reference: x.reference,
            provider: x.provider,
            created: x.created ?? '',
          })),
          refunded: money(r.refunded),
          refundable: money(r.refundable),
          lateRefundNeedsStaff: r.lateRefundNeedsStaff ?? false,
        }
      : null,
  };
}

export const OrderConfirmMutation = operation<G.OrderConfirmMutation, G.OrderConfirmMutationVariables>(
  /* GraphQL */ `mutation OrderConfirm($id: ID!) { orderConfirm(id: $id) { order { id status } errors { field message } } }`,
);
export const OrderBulkConfirmMutation = operation<G.OrderBulkConfirmMutation, G.OrderBulkConfirmMutationVariables>(
  /* GraphQL */ `mutation OrderBulkConfirm($ids: [ID!]!) { orderBulkConfirm(ids: $ids) { count errors { field message } } }`,
);
export const OrderFulfillMutation = operation<G.OrderFulfillMutation, G.OrderFulfillMutationVariables>(
  /* GraphQL */ `mutation OrderFulfill($id: ID!, $input: OrderFulfillInput!) { orderFulfill(id: $id, input: $input) { order { id status } errors { field message } } }`,
);
export const OrderCancelMutation = operation<G.OrderCancelMutation, G.OrderCancelMutationVariables>(
  /* GraphQL */ `mutation OrderCancel($id: ID!, $restock: Boolean) { orderCancel(id: $id, restock: $restock) { order { id status } errors { field message } } }`,
);
export const OrderCancelDenyMutation = operation<G.OrderCancelDenyMutation, G.OrderCancelDenyMutationVariables>(
  /* GraphQL */ `mutation OrderCancelDeny($id: ID!, $note: String) { orderCancelDeny(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderMarkUnforeseenMutation = operation<G.OrderMarkUnforeseenMutation, G.OrderMarkUnforeseenMutationVariables>(
  /* GraphQL */ `mutation OrderMarkUnforeseen($id: ID!, $note: String) { orderMarkUnforeseenCircumstance(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderRejectMutation = operation<G.OrderRejectMutation, G.OrderRejectMutationVariables>(
  /* GraphQL */ `mutation OrderReject($id: ID!, $note: String) { orderReject(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderMarkAsPaidMutation = operation<G.OrderMarkAsPaidMutation, G.OrderMarkAsPaidMutationVariables>(
  /* GraphQL */ `mutation OrderMarkAsPaid($id: ID!) { orderMarkAsPaid(id: $id) { order { id status } errors { field message } } }`,
);
export const OrderRefundMutation = operation<G.OrderRefundMutation, G.OrderRefundMutationVariables>(
  /* GraphQL */ `mutation OrderRefund($id: ID!, $amount: Float, $reason: String, $reference: String) { orderRefund(id: $id, amount: $amount, reason: $reason, reference: $reference) { order { id status } errors { field message } } }`,
);
export const OrderProofOfBillingRefuseMutation = operation<G.OrderProofOfBillingRefuseMutation, G.OrderProofOfBillingRefuseMutationVariables>(
  /* GraphQL */ `mutation OrderProofOfBillingRefuse($id: ID!, $note: String) { orderProofOfBillingRefuse(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderCashOnDeliveryUnavailableMutation = operation<G.OrderCashOnDeliveryUnavailableMutation, G.OrderCashOnDeliveryUnavailableMutationVariables>(
  /* GraphQL */ `mutation OrderCashOnDeliveryUnavailable($id: ID!, $note: String) { orderCashOnDeliveryUnavailable(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderVoidMutation = operation<G.OrderVoidMutation, G.OrderVoidMutationVariables>(/* GraphQL */ `mutation OrderVoid($id: ID!) { orderVoid(id: $id) { order { id status } errors { field message } } }`);

export const ProductVariantStocksUpdateMutation = operation<G.ProductVariantStocksUpdateMutation, G.ProductVariantStocksUpdateMutationVariables>(/* GraphQL */ `
  mutation ProductVariantStocksUpdate($variantId: ID!, $stockQuantity: Int!) {
    productVariantStocksUpdate(variantId: $variantId, stockQuantity: $stockQuantity) {
      productVariant { stockQuantity }
      errors { field message }
    }
  }
`);

export type StaffMemberRow = { id: string; email: string; firstName: string; lastName: string; isActive: boolean; isSuperuser: boolean; permissions: StaffPermission[] };

/** The team table's rows; a row without an id is dropped. */
export function toStaffMembers(data: G.StaffUsersQuery): StaffMemberRow[] {
  return (data.staffUsers ?? []).flatMap((u) =>
    u.id
      ? [{
          id: u.id,
          email: u.email ?? '',
          firstName: u.firstName ?? '',
          lastName: u.lastName ?? '',
          isActive: u.isActive ?? false,
          isSuperuser: u.isSuperuser ?? false,
          permissions: u.permissions ?? [],
        }]
      : [],
  );
}

export const StaffUsersQuery = operation<G.StaffUsersQuery, G.StaffUsersQueryVariables>(/* GraphQL */ `
  query StaffUsers {
    staffUsers { id email firstName lastName isActive isSuperuser permissions }
  }
`);

export const StaffCreateMutation = operation<G.StaffCreateMutation, G.StaffCreateMutationVariables>(/* GraphQL */ `
  mutation StaffCreate($input: StaffCreateInput!) {
    staffCreate(input: $input) { user { id } errors { field message } }
  }
`);

export const StaffUpdateMutation = operation<G.StaffUpdateMutation, G.StaffUpdateMutationVariables>(
  /* GraphQL */ `
    mutation StaffUpdate($id: ID!, $permissions: [PermissionEnum!]!) {
      staffUpdate(id: $id, permissions: $permissions) { user { id } errors { field message } }
    }
  `,
);
