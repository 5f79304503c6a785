// After the purchase: a new customer places a Bank Deposit order, lands on the Order Placed
// dialog with the bank details, sees the red dot on Account until the orders are opened, opens
// the order from the list and from the email's link, and requests its cancellation with a
// reason. axe finds nothing serious or critical on the new pages.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../common/checkout/gateways';
import { CANCEL_MESSAGES } from '../common/orders/order-cancel';
import { baseURL, launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { apiQuery, logIn } from './catalogue-helpers';
import { placeBankDepositOrder } from './order-helpers';
import { verifyByEmail } from './referral-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});



/**
 * A new verified customer of its own: the red dot counts every unread order of the account, and
 * other journeys' orders of the shared demo customer (a status changed by staff, an order past
 * the list's first page) would keep it lit whatever this journey reads.
 */
async function newCustomer(context: BrowserContext, name: string): Promise<{ email: string; token: string }> {
  const email = `e2e.orders.${name}.${Date.now()}@example.com`;
  const password = 'Orders-Pass-123';
  const { accountRegister } = await apiQuery<{ accountRegister: { errors: { message: string }[] } }>(
    'mutation($i: AccountRegisterInput!) { accountRegister(input: $i) { errors { message } } }',
    { i: { email, password, firstName: 'Maria', lastName: 'Clara' } },
  );
  expect(accountRegister.errors).toEqual([]);
  await verifyByEmail(email);
  return { email, token: await logIn(context, email, password) };
}

describe('orders after purchase', () => {
  it('order placed, red dot, list, details, email link and cancellation', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { email, token } = await newCustomer(context, 'journey');
    const order = await placeBankDepositOrder(token);

    // A new order is unread: the red dot on Account.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot').waitFor();

    // The landing the checkout redirects to for Bank Deposit. Its list marks the orders read in
    // the background (a fetcher's POST to the orders action).
    const markedRead = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/account/orders'));
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
    // Once the background read is done (navigating away before it would cancel it on a slow
    // machine), a fresh render has no dot.
    expect((await markedRead).ok()).toBe(true);
    const dot = page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot');
    await page.goto('/account/orders');
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).waitFor();
    expect(await dot.count()).toBe(0);

    // Details from the list.
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(new RegExp(`/account/order-details/${order.number}$`));
    await page.getByRole('heading', { name: `Order# ${order.referenceKey}` }).waitFor();
    const facts = page.locator('dl').first();
    await facts.getByText('Tracking Number').waitFor();
    expect(await facts.getByText('N/A').count()).toBe(2);
    // One identifier, the Order# shoppers quote: the number in the address is not shown beside it.
    expect(await facts.getByText('Order Number').count()).toBe(0);
    expect(await facts.locator('dd').getByText(order.number, { exact: true }).count()).toBe(0);
    await facts.getByText('Bank Deposit', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Status History' }).waitFor();
    await expectNoSeriousViolations(page);

    // Details from the email's link (the outbox at /dev/mailbox).
    const mailbox = await (await fetch(`${baseURL()}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
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
    await page.getByRole('dialog', { name: 'Request for Cancel' }).getByText(CANCEL_MESSAGES.requested).waitFor();
    await page.getByRole('dialog', { name: 'Request for Cancel' }).getByRole('button', { name: 'OK' }).click();
    await page.locator('dl').first().getByText('Pending for Cancellation').waitFor();
    await page.getByRole('heading', { name: 'Status History' }).locator('..').getByText('Change payment method').waitFor();
    expect(await page.getByRole('button', { name: 'Request for Cancel' }).count()).toBe(0);
    await context.close();
  });

  it('the red dot leaves when the orders are read after the OK click has already rendered the list', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer(context, 'held');
    const order = await placeBankDepositOrder(token);
    // Hold the list's background read until OK's navigation has rendered the list: its loaders
    // then still see the order unread, as on a slow machine.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/account/orders'),
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await page.goto('/account/orders?status=success&method=Bank%20Deposit');
    await page.getByRole('dialog', { name: 'Order Placed' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/account\/orders$/);
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).waitFor();
    const dot = page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot');
    await dot.waitFor();
    release();
    await dot.waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  });

  it('the dashboard lists recent orders', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer(context, 'dashboard');
    await placeBankDepositOrder(token);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Recent Orders' });
    await panel.getByRole('link', { name: 'View All' }).waitFor();
    expect(await panel.getByRole('link', { name: 'View Details' }).count()).toBeGreaterThan(0);
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
