// Order operations of the account screens (docs/product/orders-and-payments.md) and the screens' views
// of their results (toOrderSummary, toOrderDetails).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import type { OrderStatus } from '../../common/orders/order-status';
import { gatewayDisplayName } from '../../common/checkout/gateways';
import { productDisplayName } from '../../common/catalogue/pricing';
import { ADDRESS_FIELDS, toScreenAddress, type ScreenAddress } from './address';
import { INVOICE_FIELDS, toInvoiceSummary, type InvoiceSummary } from './invoice';

type Money = { amount: number };
type TaxedMoney = { gross: Money };

export type OrderAddress = ScreenAddress;

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
  /** The gateway's code: what the order's buttons and the URLs go by. */
  gateway: string | null;
  /** The gateway as shoppers read it ('Debit/Credit Card' for the Maya card gateways), or null. */
  paymentMethod: string | null;
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
    brandName
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
  /** The sales invoice and credit memos to download; null until the order is paid in whole. */
  invoice: InvoiceSummary | null;
  captureStatus: string;
  trackingNumber: string | null;
  trackingLink: string | null;
  shippingMethodName: string | null;
  subtotal: TaxedMoney;
  shippingPrice: TaxedMoney;
  hasInsurance: boolean;
  insurance: Money;
  cashOnDeliveryFee: Money;
  paypalFee: Money;
  discount: Money;
  discountName: string | null;
  totalBalance: Money;
  /** Given back so far (completed refunds). */
  refunded: Money;
  /** The lines (by id) whose product is still in the catalogue: only they link to its page. */
  linesInCatalogue: string[];
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  statusLogs: { status: OrderStatus; statusDisplay: string; created: string; note: string | null }[];
};

export type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };

export type OrdersPageVariables = G.OrdersPageQueryVariables;

export const OrdersPageQuery = operation<G.OrdersPageQuery, G.OrdersPageQueryVariables>(/* GraphQL */ `
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

export const OrderDetailsQuery = operation<G.OrderDetailsQuery, G.OrderDetailsQueryVariables>(/* GraphQL */ `
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
      paypalFee { amount }
      discount { amount }
      discountName
      totalBalance { amount }
      refunded { amount }
      lines { id product { id } }
      shippingAddress { ...AddressFields }
      billingAddress { ...AddressFields }
      statusLogs { status statusDisplay created note }
      invoice { ...InvoiceSummaryFields }
    }
  }
  ${SUMMARY_FIELDS}${ADDRESS_FIELDS}${INVOICE_FIELDS}
`);

// ---------------------------------------------------------------------------------------------
// Mapping. The schema (Saleor-shaped) declares nearly every order field nullable; the API fills
// them for an order it returns, and the fallbacks are given here, in one place.

type GqlMoney = { amount: number | null } | null;
type GqlTaxed = { gross: GqlMoney } | null;
type GqlAddress = G.AddressFieldsFragment | null;

const money = (m: GqlMoney): Money => ({ amount: m?.amount ?? 0 });
const taxed = (m: GqlTaxed): TaxedMoney => ({ gross: money(m?.gross ?? null) });
const image = (i: { url: string | null; alt: string | null } | null | undefined) => (i ? { url: i.url ?? '', alt: i.alt ?? '' } : null);

function toLine(l: G.OrderLineFieldsFragment): OrderLineData {
  const review = l.viewerReview;
  return {
    id: l.id ?? '',
    productId: l.productId ?? '',
    viewerReview: review ? { id: review.id ?? '', rating: review.rating ?? 0, note: review.note ?? '' } : null,
    // As the product page names it, brand first, with the brand the line keeps (also after the
    // product has left the catalogue).
    productName: l.productName ? productDisplayName(l.productName, l.brandName) : '',
    variantName: l.variantName ?? '',
    quantity: l.quantity ?? 0,
    thumbnail: image(l.thumbnail),
    unitPrice: taxed(l.unitPrice),
    totalPrice: taxed(l.totalPrice),
  };
}

export function toOrderSummary(o: G.OrderSummaryFieldsFragment): OrderSummaryData {
  return {
    id: o.id,
    number: o.number ?? '',
    referenceKey: o.referenceKey ?? '',
    created: o.created ?? '',
    status: o.status ?? 'UNFULFILLED',
    statusDisplay: o.statusDisplay ?? '',
    isRead: o.isRead ?? false,
    paymentStatus: o.paymentStatus ?? '',
    paymentStatusDisplay: o.paymentStatusDisplay ?? '',
    gateway: o.gateway,
    paymentMethod: o.gateway ? gatewayDisplayName(o.gateway) : null,
    total: taxed(o.total),
    proofOfBilling: image(o.proofOfBilling),
    lines: (o.lines ?? []).map(toLine),
    payNow: o.payNow,
    payments: (o.payments ?? []).map((p) => {
      const qr = image(p.weChatPay?.qrCodeImg);
      return { gateway: p.gateway ?? '', redirectUrl: p.redirectUrl, weChatPay: qr ? { qrCodeImg: qr } : null };
    }),
  };
}

function toAddress(a: GqlAddress): OrderAddress | null {
  return a ? toScreenAddress(a) : null;
}

export function toOrderDetails(o: NonNullable<G.OrderDetailsQuery['order']>): OrderDetailsData {
  return {
    ...toOrderSummary(o),
    captureStatus: o.captureStatus ?? '',
    trackingNumber: o.trackingNumber,
    trackingLink: o.trackingLink,
    shippingMethodName: o.shippingMethodName,
    subtotal: taxed(o.subtotal),
    shippingPrice: taxed(o.shippingPrice),
    hasInsurance: o.hasInsurance ?? false,
    insurance: money(o.insurance),
    cashOnDeliveryFee: money(o.cashOnDeliveryFee),
    paypalFee: money(o.paypalFee),
    discount: money(o.discount),
    discountName: o.discountName,
    totalBalance: money(o.totalBalance),
    refunded: money(o.refunded),
    linesInCatalogue: (o.lines ?? []).flatMap((l) => (l.product && l.id ? [l.id] : [])),
    shippingAddress: toAddress(o.shippingAddress),
    billingAddress: toAddress(o.billingAddress),
    statusLogs: (o.statusLogs ?? []).map((l) => ({
      status: l.status ?? 'UNFULFILLED',
      statusDisplay: l.statusDisplay ?? '',
      created: l.created ?? '',
      note: l.note,
    })),
    invoice: toInvoiceSummary(o.invoice),
  };
}

export const ReadOrdersMutation = operation<G.ReadOrdersMutation, G.ReadOrdersMutationVariables>(/* GraphQL */ `
  mutation ReadOrders($orders: [ID!]!) {
    readOrders(orders: $orders) { unreadOrdersCount errors { field message } }
  }
`);

export const RequestOrderCancelMutation = operation<G.RequestOrderCancelMutation, G.RequestOrderCancelMutationVariables>(/* GraphQL */ `
  mutation RequestOrderCancel($id: ID!, $reason: OrderCancelReason, $note: String) {
    requestOrderCancel(id: $id, reason: $reason, note: $note) {
      order { id status }
      errors { field message }
    }
  }
`);

export const ReOrderMutation = operation<G.ReOrderMutation, G.ReOrderMutationVariables>(/* GraphQL */ `
  mutation ReOrder($order: ID!) {
    reOrder(order: $order) { checkoutId errors { field message } }
  }
`);

export const ResubmitReceiptMutation = operation<G.ResubmitReceiptMutation, G.ResubmitReceiptMutationVariables>(/* GraphQL */ `
  mutation ResubmitReceipt($orderId: ID!) {
    resubmitReceipt(orderId: $orderId) { errors { field message } }
  }
`);

export const ProofOfBillingUploadMutation = operation<G.ProofOfBillingUploadMutation, G.ProofOfBillingUploadMutationVariables>(/* GraphQL */ `
  mutation ProofOfBillingUpload($id: ID!, $input: ProofOfBillingInput!) {
    proofOfBillingUpload(id: $id, input: $input) {
      order { id status }
      errors { field message }
    }
  }
`);

export const AddReviewMutation = operation<G.AddReviewMutation, G.AddReviewMutationVariables>(/* GraphQL */ `
  mutation AddReview($productId: ID!, $rating: Float!, $note: String) {
    addReview(productId: $productId, rating: $rating, note: $note) {
      review { id }
      errors { field message }
    }
  }
`);

export const UpdateReviewMutation = operation<G.UpdateReviewMutation, G.UpdateReviewMutationVariables>(/* GraphQL */ `
  mutation UpdateReview($id: ID!, $rating: Float!, $note: String) {
    updateReview(id: $id, rating: $rating, note: $note) {
      errors { field message }
    }
  }
`);
