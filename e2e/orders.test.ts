// After the purchase: the demo customer places a Bank Deposit order, lands on the Order Placed
// dialog with the bank details, sees the red dot on Account until the orders are opened, opens
// the order from the list and from the email's link, and requests its cancellation with a
// reason. axe finds nothing serious or critical on the new pages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../common/checkout/gateways';
import { baseURL, launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { apiQuery as gql, logIn } from './catalogue-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});



const ADDRESS = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  streetAddress1: '123 Rizal Street',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9171234567',
};

type Placed = { id: string; number: string; referenceKey: string };

/** Places a Bank Deposit pickup order through the API the checkout screen uses. */
async function placeBankDepositOrder(token: string): Promise<Placed> {
  const { me } = await gql<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>(
    '{ me { checkout { id lines { id } } } }',
    {},
    token,
  );
  for (const line of me.checkout?.lines ?? []) {
    await gql(
      'mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }',
      { c: me.checkout!.id, l: line.id },
      token,
    );
  }
  const { products } = await gql<{
    products: { edges: { node: { productType: { name: string } | null; variants: { id: string; stockQuantity: number | null }[] | null } }[] };
  }>('{ products(first: 40) { edges { node { productType { name } variants { id stockQuantity } } } } }');
  const variant = products.edges
    .filter((e) => e.node.productType?.name !== 'Voucher')
    .flatMap((e) => e.node.variants ?? [])
    .find((v) => (v.stockQuantity ?? 0) >= 3)!;
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: 1 }] } },
    token,
  );
  const checkoutId = checkoutCreate.checkout.id;
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c: checkoutId, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c: checkoutId, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c: checkoutId, m: pickup.id }, token);
  await gql(
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
    { c: checkoutId, i: { gateway: 'Bank Deposit', token: 'not-charged' } },
    token,
  );
  const { checkoutComplete } = await gql<{ checkoutComplete: { order: Placed | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id number referenceKey } errors { message } } }',
    { c: checkoutId },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return checkoutComplete.order!;
}


describe('orders after purchase', () => {
  it('order placed, red dot, list, details, email link and cancellation', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const token = await logIn(context, 'customer@example.com', 'customer123');
    const order = await placeBankDepositOrder(token);

    // A new order is unread: the red dot on Account.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot').waitFor();

    // The landing the checkout redirects to for Bank Deposit.
    await page.goto('/account/orders?status=success&method=Bank%20Deposit');
    const placed = page.getByRole('dialog', { name: 'Order Placed' });
    await placed.getByText('Your order has been placed! Please wait for your order to be confirmed.').waitFor();
    await expect(placed.getByTestId('placed-order-number').textContent()).resolves.toBe(order.referenceKey);
    await placed.getByText(BANK_DEPOSIT_ACCOUNT.accountNumber).waitFor();
    await placed.getByRole('heading', { name: 'What to do next' }).waitFor();
    await expectNoSeriousViolations(page);
    await placed.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/account\/orders$/);

    // The list: the order's card with its labels; opening it cleared the red dot.
    const card = page.getByRole('article', { name: `Order# ${order.referenceKey}` });
    await card.getByText('Unfulfilled').waitFor();
    await card.getByText('Pending').waitFor();
    await expectNoSeriousViolations(page);
    await expect
      .poll(async () => {
        await page.goto('/account/orders');
        return page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot').count();
      })
      .toBe(0);

    // Details from the list.
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(new RegExp(`/account/order-details/${order.number}$`));
    await page.getByRole('heading', { name: `Order# ${order.referenceKey}` }).waitFor();
    const facts = page.locator('dl').first();
    await facts.getByText('Tracking Number').waitFor();
    expect(await facts.getByText('N/A').count()).toBe(2);
    await page.getByRole('heading', { name: 'Status History' }).waitFor();
    await expectNoSeriousViolations(page);

    // Details from the email's link (the outbox at /dev/mailbox).
    const mailbox = await (await fetch(`${baseURL()}/dev/mailbox?to=customer%40example.com`)).text();
    const emailId = new RegExp(`href="/dev/mailbox/(\\d+)">[^<]*order ${order.referenceKey}<`).exec(mailbox)?.[1];
    expect(emailId).toBeTruthy();
    const html = await (await fetch(`${baseURL()}/dev/mailbox/${emailId}/html`)).text();
    expect(html).toContain(BANK_DEPOSIT_ACCOUNT.accountNumber);
    const link = /href="([^"]*\/account\/order-details\/\d+)"/.exec(html)?.[1];
    expect(link).toBe(`${baseURL()}/account/order-details/${order.number}`);
    await page.goto(link!);
    await page.getByRole('heading', { name: `Order# ${order.referenceKey}` }).waitFor();

    // Request for Cancel: a reason is required, then the order waits for staff.
    await page.getByRole('button', { name: 'Request for Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.getByRole('button', { name: 'Request for Cancel' }).click();
    await dialog.getByText('Please set a reason').waitFor();
    await expectNoSeriousViolations(page);
    await dialog.getByLabel('Reason').selectOption('CHANGE_PAYMENT_METHOD');
    await dialog.getByRole('button', { name: 'Request for Cancel' }).click();
    await page.getByRole('dialog', { name: 'Request for Cancel' }).getByText('Order cancelled!').waitFor();
    await page.getByRole('dialog', { name: 'Request for Cancel' }).getByRole('button', { name: 'OK' }).click();
    await page.locator('dl').first().getByText('Pending for Cancellation').waitFor();
    await page.getByRole('heading', { name: 'Status History' }).locator('..').getByText('Change payment method').waitFor();
    expect(await page.getByRole('button', { name: 'Request for Cancel' }).count()).toBe(0);
    await context.close();
  });

  it('the dashboard lists recent orders', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'customer@example.com', 'customer123');
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Recent Orders' });
    await panel.getByRole('link', { name: 'View All' }).waitFor();
    expect(await panel.getByRole('link', { name: 'View Details' }).count()).toBeGreaterThan(0);
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
