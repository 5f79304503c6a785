// Every order email names the seller in its footer (the Internet Transactions Act): the details
// as stored when the email is recorded, read through the sender's database; nothing before staff
// enter them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SELLER_DETAILS } from '../../../common/compliance/seller-details';
import { SELLER_DETAILS_SLOT } from '../notifications/email-layout';
import { getEmail, sendEmail } from '../notifications/notifications.service';
import { writeSellerDetails } from '../system/seller-details.service';
import { DEMO_SELLER_DETAILS } from '../../seed/seed-demo';
import { createTestApi, type TestApi } from '../../testing/test-api';
import {
  heldPaymentNotCapturedEmail,
  orderConfirmationEmail,
  orderReceiptEmail,
  orderStatusEmail,
  paymentRefundedEmail,
  paymentReminderEmail,
  proofOfBillingRefusedEmail,
  type OrderEmail,
} from './order-emails';
import type { OrderRow } from './orders.service';

// Only the columns the emails read; the rest does not matter to a footer.
const order = {
  id: 7,
  referenceKey: 'SUKI-TEST-7',
  userEmail: 'juan@example.com',
  gateway: 'Bank Deposit',
  total: 1_299_00,
  subtotal: 1_299_00,
  shippingPrice: 0,
  insurance: 0,
  cashOnDeliveryFee: 0,
  paypalFee: 0,
  discount: 0,
  discountName: null,
  createdAt: new Date('2026-11-20T02:00:00Z'),
  trackingNumber: null,
  trackingLink: null,
} as unknown as OrderRow;
const URL = 'https://shop.example';

const ALL: OrderEmail[] = [
  orderConfirmationEmail(order, [], URL),
  orderStatusEmail(order, { from: 'UNFULFILLED', to: 'UNFULFILLED_ORDER_CONFIRMED', note: null }, URL),
  orderReceiptEmail(order, [], null, 'Bank Deposit', URL),
  heldPaymentNotCapturedEmail(order, { outcome: 'expired', amount: 1_299_00, gateway: 'PayPal' }, URL),
  proofOfBillingRefusedEmail(order, null, URL),
  paymentReminderEmail(order, new Date('2026-11-21T02:00:00Z'), URL),
  paymentRefundedEmail(order, { amount: 1_299_00, reason: 'test', cause: 'staff', pending: false }, URL),
];

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("order emails' seller footer", () => {
  it('is in the footer of every order email', () => {
    for (const email of ALL) expect(email.html, email.template).toContain(SELLER_DETAILS_SLOT);
  });

  it('shows nothing before the seller is entered, and the stored details once they are', async () => {
    await writeSellerDetails(t.db, EMPTY_SELLER_DETAILS);
    const before = (await getEmail(t.db, await sendEmail(t.serviceContext(), proofOfBillingRefusedEmail(order, null, URL))))!;
    expect(before.html).not.toContain(SELLER_DETAILS_SLOT);
    expect(before.html).not.toContain('data-seller-details');

    await writeSellerDetails(t.db, DEMO_SELLER_DETAILS);
    for (const email of ALL) {
      const sent = (await getEmail(t.db, await sendEmail(t.serviceContext(), email)))!;
      expect(sent.html).not.toContain(SELLER_DETAILS_SLOT);
      for (const part of [sent.html, sent.text]) {
        expect(part).toContain(DEMO_SELLER_DETAILS.registeredName);
        expect(part).toContain(DEMO_SELLER_DETAILS.businessAddress);
        expect(part).toContain(DEMO_SELLER_DETAILS.contactEmail);
        expect(part).toContain(`Registration No. ${DEMO_SELLER_DETAILS.registrationNumber}`);
        expect(part).toContain(`TIN ${DEMO_SELLER_DETAILS.tin}-00000`);
      }
    }
  });

  it('reads through the sender\'s transaction (an email recorded with the change that made it)', async () => {
    await t.db.transaction(async (db) => {
      await writeSellerDetails(db, { registeredName: 'Bagong Pangalan Corp.' });
      const id = await sendEmail({ ...t.serviceContext(), db }, orderStatusEmail(order, { from: 'UNFULFILLED', to: 'REJECTED', note: null }, URL));
      expect((await getEmail(db, id))!.text).toContain('Bagong Pangalan Corp.');
    });
  });
});
