// Paying in the built-in sandbox: a customer of its own pays a GCash order on the
// sandbox's page and sees it paid; scans WeChat Pay's QR from the order's Pay Now and approves
// it; approves a PayPal order at the sandbox and the shop captures it ('Payment Successful!').
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { apiQuery as gql, logIn } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
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
    await expectPaidSoon(placed.id);
    await page.goto(`/account/order-details/${placed.id}`);
    await expect(page.getByText('Paid', { exact: true }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('WeChat Pay: Pay Now opens the QR dialog; its link approved in the sandbox pays the order', async () => {
    const placed = await placePickupOrder(token, { gateway: 'WeChat Pay' });
    expect(placed.qrCode).toMatch(/^data:image\/png;base64,/);
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${placed.id}`);
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
});
