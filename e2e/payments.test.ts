// Paying in the built-in sandbox: a customer of its own pays a GCash order on the
// sandbox's page and sees it paid; scans WeChat Pay's QR from the order's Pay Now and approves
// it; approves a PayPal order at the sandbox and the shop captures it ('Payment Successful!'); sees
// the PayPal fee in the checkout's summary and review once PayPal is chosen (ADR 040).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { apiQuery as gql, hydrated, logIn } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
import { formatPeso } from '../common/money';
import { findVariant, openPaymentStep } from './checkout-helpers';
import { placePickupOrder } from './order-helpers';

let browser: Browser;
let customer: Customer;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newCustomer('payments');
  token = customer.token;
});
afterAll(async () => {
  await browser?.close();
});

async function paymentStatusOf(orderId: string): Promise<string> {
  const { order } = await gql<{ order: { paymentStatus: string } }>('query($id: ID!) { order(id: $id) { paymentStatus } }', { id: orderId }, token);
  return order.paymentStatus;
}

/**
 * FULLY_CHARGED once the provider's answer has been handled (it may arrive just after the
 * approval's redirect). The bound catches a payment that never arrives, not a slow one.
 */
async function expectPaidSoon(orderId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let status = await paymentStatusOf(orderId);
  while (status !== 'FULLY_CHARGED' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    status = await paymentStatusOf(orderId);
  }
  expect(status).toBe('FULLY_CHARGED');
}

describe('payments in the sandbox', () => {
  it('GCash: approve on the sandbox page, back to the orders page, the order is paid', async () => {
    const placed = await placePickupOrder(token, { gateway: 'GCash' });
    expect(placed.redirectUrl).toContain('/sandbox/gcash/pay/');
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await logIn(context, customer.email, customer.password);
    await page.goto(placed.redirectUrl!);
    await expect(page.getByRole('heading', { name: 'Pay with GCash' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=GCash/);
    const landing = page.url();
    await expectPaidSoon(placed.id);
    await page.goto(`/account/order-details/${placed.id}`);
    await expect(page.getByText('Paid', { exact: true }).first().isVisible()).resolves.toBe(true);
    await context.close();
    // The landing of a paid order says so first (the dialog needs JavaScript).
    const withScript = await newPage(browser);
    await logIn(withScript.context, customer.email, customer.password);
    await withScript.page.goto(landing);
    await withScript.page.getByRole('dialog', { name: 'Payment success!' }).waitFor();
    await withScript.context.close();
  });

  it('WeChat Pay: Pay Now opens the QR dialog; its link approved in the sandbox pays the order', async () => {
    const placed = await placePickupOrder(token, { gateway: 'WeChat Pay' });
    expect(placed.qrCode).toMatch(/^data:image\/png;base64,/);
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${placed.id}`);
    // WeChat Pay's Pay Now is a button for the QR dialog: it answers once the page has hydrated,
    // which starts after the first paint (ADR 059), not by the load event.
    await hydrated(page);
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'WeChat Pay' });
    const qr = dialog.getByRole('img', { name: 'Scan to pay with WeChat Pay' });
    await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    // The phone that scans the code opens the sandbox's page: the payment's link.
    const { order } = await gql<{ order: { payments: { redirectUrl: string }[] } }>('query($id: ID!) { order(id: $id) { payments { redirectUrl } } }', { id: placed.id }, token);
    const phone = await browser.newPage();
    await phone.goto(order.payments[0]!.redirectUrl);
    await phone.getByRole('button', { name: 'Approve' }).click();
    await expectPaidSoon(placed.id);
    await phone.close();
    // Paid on the phone: the shopper says so and reads what happens next.
    await dialog.getByRole('button', { name: 'I have paid' }).click();
    const sent = page.getByRole('dialog', { name: 'Payment Sent!' });
    await sent.getByText('We confirm your order as soon as WeChat Pay tells us your payment arrived').waitFor();
    // The footer's Close (the ✕ in the corner is named Close too).
    await sent.getByRole('button', { name: 'Close', exact: true }).last().click();
    await sent.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('PayPal: approve at the sandbox, the shop captures on /payment/paypal', async () => {
    const placed = await placePickupOrder(token, { gateway: 'Paypal Checkout' });
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(placed.redirectUrl!);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/paypal\?token=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).resolves.toBe(true);
    expect(await paymentStatusOf(placed.id)).toBe('FULLY_CHARGED');
    await context.close();
  });

  it('PayPal: the checkout summary and the review show the PayPal fee once PayPal is chosen, and the total includes it (ADR 040)', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    const variant = await findVariant((v) => v.price < 9_000);
    await openPaymentStep(page, variant.id, 'Pickup');
    const totals = page.getByTestId('order-totals');
    const total = async () => Number((await page.getByTestId('order-total').innerText()).replace(/[₱,]/g, ''));
    // 'Bank Deposit' first: no PayPal fee in the summary, the total is the goods'.
    await page.getByRole('radio', { name: /^Bank Deposit/ }).check();
    await page.getByText('Account Number').waitFor();
    await expect(totals.getByText('PayPal Fee').count()).resolves.toBe(0);
    const withoutFee = await total();
    await page.getByRole('radio', { name: /^Paypal Checkout/ }).check();
    await totals.getByText('PayPal Fee').waitFor();
    // total / (1 - 4.4%) - total, added to the total.
    const goods = Math.round(withoutFee * 100);
    const fee = Math.round(goods / 0.956 - goods);
    const row = totals.locator('div').filter({ hasText: 'PayPal Fee' });
    await expect(row.locator('dd').innerText()).resolves.toBe(formatPeso(fee));
    await expect.poll(async () => Math.round((await total()) * 100)).toBe(goods + fee);
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    const review = page.getByRole('dialog', { name: 'Review Checkout' });
    await review.getByText('PayPal Fee').waitFor();
    await context.close();
  });
});
