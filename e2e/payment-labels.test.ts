// ADR 045: a Bank Deposit order's payment status on its details page follows
// what happened: placed ('Pending'), confirmed by staff in the back office ('Order confirmed!
// Please upload ...'), the slip uploaded from the order page ('Proof of billing received!'),
// refused by staff ('Order confirmed! Please re-upload ...', with the upload offered again).
// Before ADR 045 the page said 'Pending' throughout. And (ADR 050) a WeChat Pay order paid in
// part asks for its remaining balance until the rest is paid.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LABELS } from '../common/orders/payment-status-label';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, hydrated, logIn } from './catalogue-helpers';
import { newCustomer } from './customers';
import { placeBankDepositOrder, placePickupOrder } from './order-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The 'Payment Status' the customer reads on the order details page. */
async function paymentStatus(page: Page, number: string): Promise<string> {
  await page.goto(`/account/order-details/${number}`);
  const fact = page.locator('dt').filter({ hasText: /^Payment Status$/ });
  return (await fact.locator('xpath=following-sibling::dd[1]').textContent())!.trim();
}

async function staffOrderPage(page: Page, referenceKey: string): Promise<void> {
  await page.goto(`/staff/orders?search=${referenceKey}`);
  await page.getByRole('link', { name: referenceKey }).click();
  await page.getByRole('heading', { name: `Order ${referenceKey}` }).waitFor();
  await hydrated(page);
}

/** The order's payment status once the provider's webhook (a job) has been handled. */
async function chargeStatusSoon(orderId: string, token: string, expected: string): Promise<void> {
  const read = async () =>
    (await gql<{ order: { paymentStatus: string } }>('query($id: ID!) { order(id: $id) { paymentStatus } }', { id: orderId }, token)).order.paymentStatus;
  const deadline = Date.now() + 20_000;
  let status = await read();
  while (status !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    status = await read();
  }
  expect(status).toBe(expected);
}

describe('payment status labels on the order details page', () => {
  // ADR 050: the payer keys in less than is due on WeChat Pay's page; the order asks for the rest,
  // Pay Now leads back to the same page, which asks for the remaining balance.
  it('WeChat Pay paid in part: the remaining balance is asked for, then paid', async () => {
    const shopper = await newPage(browser, { cookies: 'accepted', viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer('payment-labels-part', { context: shopper.context });
    const order = await placePickupOrder(token, { gateway: 'WeChat Pay' });
    expect(await paymentStatus(shopper.page, order.number)).toBe(PAYMENT_LABELS.pending);
    // The phone that scans the QR code opens the payment's page and sends ₱100.00 of it.
    const link = async () =>
      (await gql<{ order: { payments: { redirectUrl: string }[] } }>('query($id: ID!) { order(id: $id) { payments { redirectUrl } } }', { id: order.id }, token)).order.payments[0]!.redirectUrl;
    const phone = await browser.newPage();
    await phone.goto(await link());
    await phone.getByLabel(/Amount to pay/).fill('100.00');
    await phone.getByRole('button', { name: 'Approve' }).click();
    await chargeStatusSoon(order.id, token, 'PARTIALLY_CHARGED');

    expect(await paymentStatus(shopper.page, order.number)).toBe(PAYMENT_LABELS.weChatBalance);
    await hydrated(shopper.page);
    await shopper.page.getByRole('button', { name: 'Pay Now' }).first().waitFor();
    await expectNoSeriousViolations(shopper.page);

    // Staff see the part: 'Partially Charged', the remaining balance, and only the part to refund (no void).
    const staff = await newPage(browser, { cookies: 'accepted', viewport: { width: 1280, height: 900 } });
    await logIn(staff.context, 'staff@example.com', 'staff123');
    await staffOrderPage(staff.page, order.referenceKey);
    await staff.page.getByTestId('payment-status').getByText('Partially Charged').waitFor();
    await staff.page.getByTestId('part-payment').getByText('Remaining balance:').waitFor();
    expect(await staff.page.getByTestId('refund-summary').textContent()).toContain('Left to refund: ₱100.00');
    await staff.page.getByRole('form', { name: 'Refund' }).waitFor();
    expect(await staff.page.getByRole('button', { name: 'Void payment' }).count()).toBe(0);
    await staff.context.close();

    // Scanned again: the same page asks for what is left, and paying it pays the order.
    await phone.goto(await link());
    await phone.getByText('Remaining balance').waitFor();
    const asked = await phone.getByLabel(/Amount to pay/).inputValue();
    expect(Number(asked)).toBeGreaterThan(0);
    await phone.getByRole('button', { name: 'Approve' }).click();
    await chargeStatusSoon(order.id, token, 'FULLY_CHARGED');
    expect(await paymentStatus(shopper.page, order.number)).toBe(PAYMENT_LABELS.paid);
    await hydrated(shopper.page);
    expect(await shopper.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);

    await phone.close();
    await shopper.context.close();
  });

  it('Bank Deposit: placed, confirmed, slip uploaded, slip refused', async () => {
    const shopper = await newPage(browser, { cookies: 'accepted', viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer('payment-labels', { context: shopper.context });
    const order = await placeBankDepositOrder(token);
    const staff = await newPage(browser, { cookies: 'accepted', viewport: { width: 1280, height: 900 } });
    await logIn(staff.context, 'staff@example.com', 'staff123');

    expect(await paymentStatus(shopper.page, order.number)).toBe(PAYMENT_LABELS.pending);

    // Staff confirm the order in the back office.
    await staffOrderPage(staff.page, order.referenceKey);
    await staff.page.getByRole('button', { name: 'Confirm order' }).click();
    await staff.page.getByRole('button', { name: 'Confirm order' }).waitFor({ state: 'detached' });
    expect(await paymentStatus(shopper.page, order.number)).toBe('Order confirmed! Please upload your proof of payment to proceed with this order.');

    // The shopper uploads the slip from the order page.
    await hydrated(shopper.page);
    await shopper.page.getByRole('button', { name: 'Upload Deposit Slip' }).click();
    const dialog = shopper.page.getByRole('dialog', { name: 'Upload Deposit Slip' });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await dialog.getByLabel('Deposit slip (image)').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await shopper.page.getByRole('dialog', { name: 'Upload Deposit Slip' }).getByRole('status').waitFor();
    expect(await paymentStatus(shopper.page, order.number)).toBe('Proof of billing received!');
    expect(await shopper.page.getByRole('button', { name: 'Upload Deposit Slip' }).count()).toBe(0);

    // Staff refuse the slip, with a reason; the timeline says what the customer now sees.
    await staffOrderPage(staff.page, order.referenceKey);
    await staff.page.locator('#note-refuseProof').fill('The amount on the slip does not match.');
    await staff.page.getByRole('button', { name: 'Refuse deposit slip' }).click();
    await staff.page.getByTestId('timeline').getByText('Payment status: Order confirmed! Please re-upload your proof of payment.').waitFor();

    expect(await paymentStatus(shopper.page, order.number)).toBe('Order confirmed! Please re-upload your proof of payment.');
    await hydrated(shopper.page);
    await shopper.page.getByRole('button', { name: 'Upload Deposit Slip' }).waitFor();
    await expectNoSeriousViolations(shopper.page);

    await shopper.context.close();
    await staff.context.close();
  });
});
