// The order emails speak the shopper's words: the card gateways by the method the shopper chose
// ('Debit/Credit Card'), never by the provider's product names.
import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail, orderReceiptEmail, paymentRefundedEmail, paymentReminderEmail } from './order-emails';
import type { OrderLineRow, OrderRow } from './orders.service';

// Only the columns the emails read: the rest of an order row plays no part here.
const order = (gateway: string) =>
  ({
    id: 7,
    referenceKey: 'SUKI-000007',
    createdAt: new Date('2026-11-20T02:00:00Z'),
    gateway,
    total: 1_299_00,
    subtotal: 1_299_00,
    shippingFee: 0,
    discount: 0,
    codFee: 0,
    paypalFee: 0,
    userEmail: 'juan@example.com',
    status: 'UNFULFILLED',
  }) as unknown as OrderRow;

describe('order emails name the payment method as the shopper chose it', () => {
  for (const gateway of ['Paymaya On-demand', 'Paymaya Vault', 'Paymaya Checkout']) {
    it(`says 'Debit/Credit Card' for ${gateway}`, () => {
      const emails = [
        orderConfirmationEmail(order(gateway), [], 'https://shop.test'),
        orderReceiptEmail(order(gateway), [], null, 'Paid', 'https://shop.test'),
        paymentReminderEmail(order(gateway), new Date('2026-11-21T02:00:00Z'), 'https://shop.test'),
        paymentRefundedEmail(order(gateway), { amount: 100_00, reason: '', cause: 'staff', pending: false }, 'https://shop.test'),
      ];
      for (const email of emails) {
        expect(email.text).toContain('Debit/Credit Card');
        expect(email.text).not.toContain('Paymaya');
        expect(email.html).not.toContain('Paymaya');
      }
    });
  }

  it('keeps the other gateways by their names', () => {
    expect(orderConfirmationEmail(order('GCash'), [], 'https://shop.test').text).toContain('Payment: GCash');
  });
});

describe('order emails name each line as the product page does, brand first', () => {
  const line = (brandName: string | null, productName = 'Galaxy A55') =>
    ({ id: 1, orderId: 7, productName, brandName, variantName: 'Black 8GB/256GB', quantity: 1, unitPrice: 1_299_00 }) as unknown as OrderLineRow;

  it("reads 'Samsung Galaxy A55' in the confirmation and the receipt", () => {
    const emails = [
      orderConfirmationEmail(order('GCash'), [line('Samsung')], 'https://shop.test'),
      orderReceiptEmail(order('GCash'), [line('Samsung')], null, 'Paid', 'https://shop.test'),
    ];
    for (const email of emails) {
      expect(email.text).toContain('Samsung Galaxy A55 (Black 8GB/256GB)');
      expect(email.html).toContain('Samsung Galaxy A55 (Black 8GB/256GB)');
    }
  });

  it('does not repeat a brand the name already carries, and keeps a line without a brand as it is', () => {
    expect(orderConfirmationEmail(order('GCash'), [line('Samsung', 'Samsung Galaxy A55')], 'https://shop.test').text).toContain(
      'Samsung Galaxy A55 (Black',
    );
    expect(orderConfirmationEmail(order('GCash'), [line('Samsung', 'Samsung Galaxy A55')], 'https://shop.test').text).not.toContain('Samsung Samsung');
    expect(orderConfirmationEmail(order('GCash'), [line(null)], 'https://shop.test').text).toContain('Galaxy A55 (Black 8GB/256GB) x 1');
  });
});
