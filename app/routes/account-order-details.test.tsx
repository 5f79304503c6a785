// The order page rendered with an order whose second line's product staff removed: both lines
// show with what the order kept, only the first links to its product page.
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PICKUP_LOCATION } from '../../common/checkout/gateways';
import type * as G from '../graphql/generated';
import { toOrderDetails } from '../graphql/orders';
import OrderDetails from './account-order-details';

type Order = NonNullable<G.OrderDetailsQuery['order']>;
type Line = NonNullable<Order['lines']>[number];

const line = (id: string, productId: string, name: string, inCatalogue: boolean): Line => ({
  id,
  productId,
  productName: name,
  brandName: 'Samsung',
  variantName: 'Black / 256GB',
  quantity: 1,
  product: inCatalogue ? { id: productId } : null,
  viewerReview: null,
  thumbnail: null,
  unitPrice: { gross: { amount: 18_990 } },
  totalPrice: { gross: { amount: 18_990 } },
});

const order: Order = {
  id: 'T3JkZXI6MQ==',
  number: '1',
  referenceKey: 'ABCD2345',
  created: '2026-11-20T02:00:00Z',
  status: 'FULFILLED',
  statusDisplay: 'Fulfilled',
  isRead: true,
  paymentStatus: 'FULLY_REFUNDED',
  paymentStatusDisplay: 'Refunded',
  gateway: 'Bank Deposit',
  payNow: null,
  total: { gross: { amount: 37_980 } },
  proofOfBilling: null,
  payments: [],
  lines: [line('L1', 'UHJvZHVjdDox', 'Galaxy A55', true), line('L2', 'UHJvZHVjdDoy', 'Galaxy A35', false)],
  captureStatus: null,
  trackingNumber: 'LBC-1',
  trackingLink: 'lbc.ph/t/1',
  shippingMethodName: null,
  hasInsurance: false,
  discountName: null,
  subtotal: { gross: { amount: 37_980 } },
  shippingPrice: { gross: { amount: 0 } },
  insurance: null,
  cashOnDeliveryFee: null,
  paypalFee: null,
  discount: null,
  totalBalance: { amount: 0 },
  refunded: { amount: 37_980 },
  invoice: {
    number: 'SI-00000042',
    issued: '2026-11-21T02:00:00Z',
    total: { amount: 37_980 },
    voidReason: null,
    downloadUrl: '/account/orders/1/invoice.pdf',
    creditMemos: [{ number: 'CM-00000007', issued: '2026-11-23T02:00:00Z', total: { amount: 37_980 }, downloadUrl: '/account/orders/1/credit-memos/CM-00000007.pdf' }],
  },
  shippingAddress: null,
  billingAddress: null,
  statusLogs: [
    { status: 'UNFULFILLED', statusDisplay: 'Unfulfilled', created: '2026-11-20T02:00:00Z', note: null },
    { status: 'UNFULFILLED_ORDER_CONFIRMED', statusDisplay: 'Order Confirmed', created: '2026-11-21T02:00:00Z', note: null },
    { status: 'FULFILLED', statusDisplay: 'Fulfilled', created: '2026-11-22T02:00:00Z', note: 'Tracking number: LBC-1' },
  ],
};

function render(): string {
  const loaderData = { order: toOrderDetails(order), paymentReturn: null };
  // The page as its route renders it; the props a test does not need are left out.
  const Page = () => <OrderDetails {...({ loaderData, params: { id: '1' }, matches: [] } as unknown as Parameters<typeof OrderDetails>[0])} />;
  const Stub = createRoutesStub([{ path: '/account/order-details/:id', Component: Page }]);
  return renderToStaticMarkup(<Stub initialEntries={['/account/order-details/1']} />);
}

describe('order details page', () => {
  it("shows a removed product's line with what the order kept, without a link or a review", () => {
    const html = render();
    expect(html).toContain('Samsung Galaxy A55');
    expect(html).toContain('Samsung Galaxy A35');
    const links = [...html.matchAll(/<a [^>]*href="(\/product\/[^"]+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(links.filter(([, text]) => text)).toEqual([['/product/UHJvZHVjdDox', 'Samsung Galaxy A55']]);
    expect(html).not.toContain('/product/UHJvZHVjdDoy');
    expect(html.match(/>Write a Review<\/button>/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Write a Review: Samsung Galaxy A55');
  });

  it('reads the progress with dates, the refund in the totals, and the tracking link', () => {
    const html = render();
    expect(html).toContain('aria-label="Order progress"');
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toContain('Nov 21, 2026');
    expect(html).toMatch(/<dt>Refunded<\/dt><dd[^>]*>₱37,980\.00<\/dd>/);
    expect(html).toContain('href="https://lbc.ph/t/1"');
  });

  it('links the sales invoice and its credit memo in the HTML itself, before any script runs', () => {
    const html = render();
    expect(html).toMatch(/<a href="\/account\/orders\/1\/invoice\.pdf"[^>]*>SI-00000042 \(PDF\)<\/a>/);
    expect(html).toMatch(/<a href="\/account\/orders\/1\/credit-memos\/CM-00000007\.pdf"[^>]*>Credit Memo CM-00000007 \(PDF\)<\/a>/);
  });

  it('tells a pickup order where to collect it', () => {
    expect(render()).toContain(PICKUP_LOCATION.address);
  });
});
