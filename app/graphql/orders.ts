// Order operations of the account screens (spec 2, sections 7.2 and 7.6) with their types.
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';
import type { OrderStatus } from '../../common/orders/order-status';
import { ADDRESS_FIELDS } from './address';

type Money = { amount: number };
type TaxedMoney = { gross: Money };

export type OrderAddress = {
  firstName: string;
  lastName: string;
  companyName: string | null;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  cityArea: string | null;
  countryArea: string;
  postalCode: string;
  phone: string | null;
};

/** The signed-in customer's own review of a line's product (OrderLine.viewerReview). */
export type OwnReview = { id: string; rating: number; note: string };

export type OrderLineData = {
  id: string;
  productId: string;
  /** The customer's own review of the line's product: 'Write a Review' or 'Update Review'. */
  viewerReview: OwnReview | null;
  productName: string;
  variantName: string;
  quantity: number;
  thumbnail: { url: string; alt: string } | null;
  unitPrice: TaxedMoney;
  totalPrice: TaxedMoney;
};

/** What an order card (list, dashboard) shows. */
export type OrderSummaryData = {
  id: string;
  number: string;
  referenceKey: string;
  created: string;
  status: OrderStatus;
  statusDisplay: string;
  isRead: boolean;
  paymentStatus: string;
  paymentStatusDisplay: string;
  gateway: string | null;
  total: TaxedMoney;
  proofOfBilling: { url: string; alt: string } | null;
  lines: OrderLineData[];
  /** What the Pay Now button does (REDIRECT, QR, DRAGONPAY, IPAY88, PAYPAL, CARD), or null. */
  payNow: string | null;
  payments: { gateway: string; redirectUrl: string | null; weChatPay: { qrCodeImg: { url: string; alt: string } } | null }[];
};

const LINE_FIELDS = /* GraphQL */ `
  fragment OrderLineFields on OrderLine {
    id
    productId
    viewerReview { id rating note }
    productName
    variantName
    quantity
    thumbnail { url alt }
    unitPrice { gross { amount } }
    totalPrice { gross { amount } }
  }
`;

const SUMMARY_FIELDS = /* GraphQL */ `
  fragment OrderSummaryFields on Order {
    id
    number
    referenceKey
    created
    status
    statusDisplay
    isRead
    paymentStatus
    paymentStatusDisplay
    gateway
    total { gross { amount } }
    proofOfBilling { url alt }
    lines { ...OrderLineFields }
    payNow
    payments { gateway redirectUrl weChatPay { qrCodeImg { url alt } } }
  }
  ${LINE_FIELDS}
`;

export type OrderDetailsData = OrderSummaryData & {
  captureStatus: string;
  trackingNumber: string | null;
  trackingLink: string | null;
  shippingMethodName: string | null;
  subtotal: TaxedMoney;
  shippingPrice: TaxedMoney;
  hasInsurance: boolean;
  insurance: Money;
  cashOnDeliveryFee: Money;
  discount: Money;
  discountName: string | null;
  totalBalance: Money;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  statusLogs: { status: OrderStatus; statusDisplay: string; created: string; note: string | null }[];
};

export type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };

export type OrdersPageVariables = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  search?: string | null;
};

export const OrdersPageQuery = operation<
  {
    me: {
      orders: { totalCount: number; pageInfo: PageInfo; edges: { node: OrderSummaryData }[] } | null;
    } | null;
  },
  OrdersPageVariables
>(/* GraphQL */ `
  query OrdersPage($first: Int, $after: String, $last: Int, $before: String, $search: String) {
    me {
      orders(first: $first, after: $after, last: $last, before: $before, search: $search) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { node { ...OrderSummaryFields } }
      }
    }
  }
  ${SUMMARY_FIELDS}
`);

export const OrderDetailsQuery = operation<{ order: OrderDetailsData | null }, { id: string }>(/* GraphQL */ `
  query OrderDetails($id: ID!) {
    order(id: $id) {
      ...OrderSummaryFields
      captureStatus
      trackingNumber
      trackingLink
      shippingMethodName
      subtotal { gross { amount } }
      shippingPrice { gross { amount } }
      hasInsurance
      insurance { amount }
      cashOnDeliveryFee { amount }
      discount { amount }
      discountName
      totalBalance { amount }
      shippingAddress { ...AddressFields }
      billingAddress { ...AddressFields }
      statusLogs { status statusDisplay created note }
    }
  }
  ${SUMMARY_FIELDS}${ADDRESS_FIELDS}
`);

type OrderPayload = { order: { id: string; status: OrderStatus } | null; errors: FieldError[] | null } | null;

export const ReadOrdersMutation = operation<
  { readOrders: { unreadOrdersCount: number | null; errors: FieldError[] | null } | null },
  { orders: string[] }
>(/* GraphQL */ `
  mutation ReadOrders($orders: [ID!]!) {
    readOrders(orders: $orders) { unreadOrdersCount errors { field message } }
  }
`);

export const RequestOrderCancelMutation = operation<
  { requestOrderCancel: OrderPayload },
  { id: string; reason: string; note: string | null }
>(/* GraphQL */ `
  mutation RequestOrderCancel($id: ID!, $reason: OrderCancelReason, $note: String) {
    requestOrderCancel(id: $id, reason: $reason, note: $note) {
      order { id status }
      errors { field message }
    }
  }
`);

export const ReOrderMutation = operation<
  { reOrder: { checkoutId: string | null; errors: FieldError[] | null } | null },
  { order: string }
>(/* GraphQL */ `
  mutation ReOrder($order: ID!) {
    reOrder(order: $order) { checkoutId errors { field message } }
  }
`);

export const ResubmitReceiptMutation = operation<
  { resubmitReceipt: { errors: FieldError[] | null } | null },
  { orderId: string }
>(/* GraphQL */ `
  mutation ResubmitReceipt($orderId: ID!) {
    resubmitReceipt(orderId: $orderId) { errors { field message } }
  }
`);

export const ProofOfBillingUploadMutation = operation<
  { proofOfBillingUpload: OrderPayload },
  { id: string; input: { alt: string; image: string } }
>(/* GraphQL */ `
  mutation ProofOfBillingUpload($id: ID!, $input: ProofOfBillingInput!) {
    proofOfBillingUpload(id: $id, input: $input) {
      order { id status }
      errors { field message }
    }
  }
`);

type ReviewPayload = { errors: FieldError[] | null } | null;

export const AddReviewMutation = operation<
  { addReview: (ReviewPayload & { review: { id: string } | null }) | null },
  { productId: string; rating: number; note: string }
>(/* GraphQL */ `
  mutation AddReview($productId: ID!, $rating: Float!, $note: String) {
    addReview(productId: $productId, rating: $rating, note: $note) {
      review { id }
      errors { field message }
    }
  }
`);

export const UpdateReviewMutation = operation<
  { updateReview: ReviewPayload },
  { id: string; rating: number; note: string }
>(/* GraphQL */ `
  mutation UpdateReview($id: ID!, $rating: Float!, $note: String) {
    updateReview(id: $id, rating: $rating, note: $note) {
      errors { field message }
    }
  }
`);
