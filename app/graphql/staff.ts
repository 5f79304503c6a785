// The back office's operations (/staff): who is signed in, the dashboard, the orders table,
// one order with its timeline, and the order actions.
import { operation } from '../../common/graphql-operation';
import type { StaffPermission } from '../../common/staff/permissions';
import type { OrderStatus } from '../../common/orders/order-status';

type Money = { amount: number; localized: string };
type Errors = { errors: { field: string | null; message: string }[] };

export const StaffViewerQuery = operation<{
  me: { id: string; email: string; firstName: string; lastName: string; isStaff: boolean; userPermissions: StaffPermission[] } | null;
}>(/* GraphQL */ `
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

export const StaffDashboardQuery = operation<{ staffDashboard: StaffDashboardData | null }>(/* GraphQL */ `
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
};

export type StaffOrderFilter = {
  status?: OrderStatus[];
  paymentStatus?: string[];
  gateway?: string[];
  customer?: string;
  search?: string;
  created?: { gte?: string; lte?: string };
};

export const StaffOrdersQuery = operation<
  {
    orders: {
      totalCount: number;
      edges: { node: StaffOrderRow }[];
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    } | null;
  },
  { first?: number; last?: number; after?: string | null; before?: string | null; filter: StaffOrderFilter }
>(/* GraphQL */ `
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
        }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`);

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
  proofOfBilling: { url: string; alt: string } | null;
  lines: { productName: string; variantName: string; productSku: string; quantity: number; unitPrice: { gross: Money } }[];
  shippingAddress: { firstName: string; lastName: string; streetAddress1: string; city: string; countryArea: string; phone: string } | null;
  events: { date: string; type: string; message: string; actor: string | null }[];
  refunds: StaffOrderRefunds | null;
};

export type StaffOrderRefunds = {
  refunds: { amount: Money; status: string; kind: string; reason: string; reference: string | null; provider: string | null; created: string }[];
  refunded: Money;
  refundable: Money;
  lateRefundNeedsStaff: boolean;
};

export const StaffOrderQuery = operation<{ order: StaffOrderDetail | null }, { id: string }>(/* GraphQL */ `
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
      proofOfBilling { url alt }
      lines { productName variantName productSku quantity unitPrice { gross { amount localized } } }
      shippingAddress { firstName lastName streetAddress1 city countryArea phone }
      events { date type message actor }
      refunds {
        refunds { amount { amount localized } status kind reason reference provider created }
        refunded { amount localized }
        refundable { amount localized }
        lateRefundNeedsStaff
      }
    }
  }
`);

type Payload<K extends string> = { [key in K]: ({ order: { id: string; status: OrderStatus } | null } & Errors) | null };

export const OrderConfirmMutation = operation<Payload<'orderConfirm'>, { id: string }>(
  /* GraphQL */ `mutation OrderConfirm($id: ID!) { orderConfirm(id: $id) { order { id status } errors { field message } } }`,
);
export const OrderBulkConfirmMutation = operation<{ orderBulkConfirm: ({ count: number } & Errors) | null }, { ids: string[] }>(
  /* GraphQL */ `mutation OrderBulkConfirm($ids: [ID!]!) { orderBulkConfirm(ids: $ids) { count errors { field message } } }`,
);
export const OrderFulfillMutation = operation<Payload<'orderFulfill'>, { id: string; input: { trackingNumber: string; trackingLink: string | null } }>(
  /* GraphQL */ `mutation OrderFulfill($id: ID!, $input: OrderFulfillInput!) { orderFulfill(id: $id, input: $input) { order { id status } errors { field message } } }`,
);
export const OrderCancelMutation = operation<Payload<'orderCancel'>, { id: string; restock: boolean }>(
  /* GraphQL */ `mutation OrderCancel($id: ID!, $restock: Boolean) { orderCancel(id: $id, restock: $restock) { order { id status } errors { field message } } }`,
);
export const OrderCancelDenyMutation = operation<Payload<'orderCancelDeny'>, { id: string; note: string | null }>(
  /* GraphQL */ `mutation OrderCancelDeny($id: ID!, $note: String) { orderCancelDeny(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderMarkUnforeseenMutation = operation<Payload<'orderMarkUnforeseenCircumstance'>, { id: string; note: string | null }>(
  /* GraphQL */ `mutation OrderMarkUnforeseen($id: ID!, $note: String) { orderMarkUnforeseenCircumstance(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderRejectMutation = operation<Payload<'orderReject'>, { id: string; note: string | null }>(
  /* GraphQL */ `mutation OrderReject($id: ID!, $note: String) { orderReject(id: $id, note: $note) { order { id status } errors { field message } } }`,
);
export const OrderMarkAsPaidMutation = operation<Payload<'orderMarkAsPaid'>, { id: string }>(
  /* GraphQL */ `mutation OrderMarkAsPaid($id: ID!) { orderMarkAsPaid(id: $id) { order { id status } errors { field message } } }`,
);
export const OrderRefundMutation = operation<Payload<'orderRefund'>, { id: string; amount: number | null; reason: string | null; reference: string | null }>(
  /* GraphQL */ `mutation OrderRefund($id: ID!, $amount: Float, $reason: String, $reference: String) { orderRefund(id: $id, amount: $amount, reason: $reason, reference: $reference) { order { id status } errors { field message } } }`,
);
export const OrderVoidMutation = operation<Payload<'orderVoid'>, { id: string }>(/* GraphQL */ `mutation OrderVoid($id: ID!) { orderVoid(id: $id) { order { id status } errors { field message } } }`);

export const ProductVariantStocksUpdateMutation = operation<
  { productVariantStocksUpdate: ({ productVariant: { stockQuantity: number } | null } & Errors) | null },
  { variantId: string; stockQuantity: number }
>(/* GraphQL */ `
  mutation ProductVariantStocksUpdate($variantId: ID!, $stockQuantity: Int!) {
    productVariantStocksUpdate(variantId: $variantId, stockQuantity: $stockQuantity) {
      productVariant { stockQuantity }
      errors { field message }
    }
  }
`);

export type StaffMemberRow = { id: string; email: string; firstName: string; lastName: string; isActive: boolean; isSuperuser: boolean; permissions: StaffPermission[] };

export const StaffUsersQuery = operation<{ staffUsers: StaffMemberRow[] | null }>(/* GraphQL */ `
  query StaffUsers {
    staffUsers { id email firstName lastName isActive isSuperuser permissions }
  }
`);

export const StaffCreateMutation = operation<
  { staffCreate: ({ user: { id: string } | null } & Errors) | null },
  { input: { email: string; firstName: string; lastName: string; permissions: StaffPermission[] } }
>(/* GraphQL */ `
  mutation StaffCreate($input: StaffCreateInput!) {
    staffCreate(input: $input) { user { id } errors { field message } }
  }
`);

export const StaffUpdateMutation = operation<{ staffUpdate: ({ user: { id: string } | null } & Errors) | null }, { id: string; permissions: StaffPermission[] }>(
  /* GraphQL */ `
    mutation StaffUpdate($id: ID!, $permissions: [PermissionEnum!]!) {
      staffUpdate(id: $id, permissions: $permissions) { user { id } errors { field message } }
    }
  `,
);
