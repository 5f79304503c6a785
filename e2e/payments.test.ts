// Paying in the built-in sandbox (issue 10): a customer of its own pays a GCash order on the
// sandbox's page and sees it paid; scans WeChat Pay's QR from the order's Pay Now and approves
// it; approves a PayPal order at the sandbox and the shop captures it ('Payment Successful!').
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { apiQuery as gql, logIn } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
import { ADDRESS } from './order-helpers';

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

type Placed = { id: string; referenceKey: string; redirectUrl: string | null; qrCode: string | null };

/** A pickup order of one item under ₱10,000 (every wallet's limit), paid with `gateway`. */
async function placeOrder(gateway: string): Promise<Placed> {
  const { me } = await gql<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>('{ me { checkout { id lines { id } } } }', {}, token);
  for (const line of me.checkout?.lines ?? []) {
    await gql('mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }', { c: me.checkout!.id, l: line.id }, token);
  }
  const { products } = await gql<{
    products: {
      edges: { node: { isPreOrder: boolean; productType: { name: string } | null; variants: { id: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } | null } | null }[] | null } }[];
    };
  }>('{ products(first: 60) { edges { node { isPreOrder productType { name } variants { id stockQuantity pricing { price { gross { amount } } } } } } } }');
  const variant = products.edges
    .filter((e) => e.node.productType?.name !== 'Voucher' && !e.node.isPreOrder)
    .flatMap((e) => e.node.variants ?? [])
    .find((v) => (v.stockQuantity ?? 0) >= 3 && (v.pricing?.price?.gross.amount ?? Infinity) <= 9_000)!;
  expect(variant, 'a product under ₱9,000 in the demo catalogue').toBeTruthy();
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: 1 }] } },
    token,
  );
  const c = checkoutCreate.checkout.id;
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token);
  const { checkoutPaymentCreate } = await gql<{ checkoutPaymentCreate: { errors: { message: string }[] } }>(
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
    { c, i: { gateway, token: 'not-charged' } },
    token,
  );
  expect(checkoutPaymentCreate.errors).toEqual([]);
  const { checkoutComplete } = await gql<{ checkoutComplete: { order: { id: string; referenceKey: string } | null; redirectUrl: string | null; qrCode: string | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id referenceKey } redirectUrl qrCode errors { message } } }',
    { c },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return { ...checkoutComplete.order!, redirectUrl: checkoutComplete.redirectUrl, qrCode: checkoutComplete.qrCode };
}

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
    const placed = await placeOrder('GCash');
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
    const placed = await placeOrder('WeChat Pay');
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
    const placed = await placeOrder('Paypal Checkout');
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
