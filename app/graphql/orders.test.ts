import { describe, expect, it } from 'vitest';
import type * as G from './generated';
import { toOrderDetails, toOrderSummary } from './orders';

const summary: G.OrderSummaryFieldsFragment = {
  id: 'O1',
  number: '42',
  referenceKey: 'SK-42',
  created: '2026-11-01T00:00:00Z',
  status: 'UNFULFILLED_ORDER_CONFIRMED',
  statusDisplay: 'Confirmed',
  isRead: true,
  paymentStatus: 'FULLY_CHARGED',
  paymentStatusDisplay: 'Fully charged',
  gateway: 'Bank Deposit',
  payNow: null,
  total: { gross: { amount: 1299 } },
  proofOfBilling: null,
  lines: [
    {
      id: 'L1',
      productId: 'P1',
      productName: 'Case',
      brandName: null,
      variantName: 'Black',
      quantity: 1,
      viewerReview: { id: 'R1', rating: 5, note: null },
      thumbnail: { url: '/m.webp', alt: null },
      unitPrice: { gross: { amount: 1299 } },
      totalPrice: null,
    },
  ],
  payments: [{ gateway: 'WeChat', redirectUrl: null, weChatPay: { qrCodeImg: null } }],
};

describe('order mapping', () => {
  it('keeps what the API sent and gives the nullable fields their fallbacks', () => {
    const view = toOrderSummary(summary);
    expect(view).toMatchObject({ id: 'O1', referenceKey: 'SK-42', status: 'UNFULFILLED_ORDER_CONFIRMED', total: { gross: { amount: 1299 } } });
    expect(view.lines[0]).toEqual({
      id: 'L1',
      productId: 'P1',
      viewerReview: { id: 'R1', rating: 5, note: '' },
      productName: 'Case',
      variantName: 'Black',
      quantity: 1,
      thumbnail: { url: '/m.webp', alt: '' },
      unitPrice: { gross: { amount: 1299 } },
      totalPrice: { gross: { amount: 0 } },
    });
    expect(view.payments).toEqual([{ gateway: 'WeChat', redirectUrl: null, weChatPay: null }]);
  });

  it('maps an order of nulls without failing', () => {
    const nulls = Object.fromEntries(Object.keys(summary).map((k) => [k, null])) as unknown as G.OrderSummaryFieldsFragment;
    const view = toOrderDetails({
      ...nulls,
      id: 'O2',
      invoice: null,
      captureStatus: null,
      trackingNumber: null,
      trackingLink: null,
      shippingMethodName: null,
      hasInsurance: null,
      discountName: null,
      subtotal: null,
      shippingPrice: null,
      insurance: null,
      cashOnDeliveryFee: null,
      paypalFee: null,
      discount: null,
      totalBalance: null,
      refunded: null,
      lines: null,
      shippingAddress: null,
      billingAddress: { firstName: 'Juan', lastName: null, companyName: null, streetAddress1: null, streetAddress2: null, city: null, cityArea: null, countryArea: null, postalCode: null, phone: null },
      statusLogs: [{ status: null, statusDisplay: null, created: null, note: null }],
    });
    expect(view).toMatchObject({ id: 'O2', status: 'UNFULFILLED', lines: [], payments: [], hasInsurance: false, insurance: { amount: 0 }, shippingAddress: null });
    expect(view).toMatchObject({ refunded: { amount: 0 }, linesInCatalogue: [] });
    expect(view.billingAddress).toMatchObject({ firstName: 'Juan', lastName: '', companyName: null });
    expect(view.statusLogs).toEqual([{ status: 'UNFULFILLED', statusDisplay: '', created: '', note: null }]);
  });

  it("names the payment method in the shopper's words and keeps the gateway's code for the buttons", () => {
    for (const gateway of ['Paymaya On-demand', 'Paymaya Vault', 'Paymaya Checkout']) {
      const view = toOrderSummary({ ...summary, gateway });
      expect(view.paymentMethod).toBe('Debit/Credit Card');
      expect(view.gateway).toBe(gateway);
    }
    expect(toOrderSummary(summary).paymentMethod).toBe('Bank Deposit');
    expect(toOrderSummary({ ...summary, gateway: null }).paymentMethod).toBeNull();
  });

  it('names a line as the product page does, brand first, with the brand the line keeps', () => {
    const line = summary.lines![0]!;
    // The line keeps its brand: the product may have left the catalogue.
    const view = toOrderSummary({ ...summary, lines: [{ ...line, productName: 'Galaxy A55', brandName: 'Samsung' }] });
    expect(view.lines[0]?.productName).toBe('Samsung Galaxy A55');
    expect(toOrderSummary({ ...summary, lines: [{ ...line, productName: 'Galaxy A55', brandName: null }] }).lines[0]?.productName).toBe('Galaxy A55');
  });

  it('links only the lines whose product is still in the catalogue', () => {
    const line = { ...summary.lines![0]!, product: { id: 'P1' } };
    const nulls = Object.fromEntries(
      ['captureStatus', 'trackingNumber', 'trackingLink', 'shippingMethodName', 'hasInsurance', 'discountName', 'subtotal', 'shippingPrice', 'insurance', 'cashOnDeliveryFee', 'paypalFee', 'discount', 'totalBalance', 'shippingAddress', 'billingAddress', 'statusLogs', 'invoice'].map((k) => [k, null]),
    );
    const view = toOrderDetails({
      ...summary,
      ...nulls,
      refunded: { amount: 250.5 },
      lines: [line, { ...line, id: 'L2', product: null }],
    } as NonNullable<G.OrderDetailsQuery['order']>);
    expect(view.linesInCatalogue).toEqual(['L1']);
    expect(view.lines.map((l) => l.id)).toEqual(['L1', 'L2']);
    expect(view.refunded).toEqual({ amount: 250.5 });
  });
});
