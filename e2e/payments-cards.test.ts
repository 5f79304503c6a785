// Card payments and deposit slips on Chromium against the demo shop, for a customer of its own: a new
// card typed in the checkout's payment step pays a Paymaya Checkout order through 3-D Secure right
// after placing; a Paymaya On-demand order placed from the checkout lands on the orders page and is
// paid from its Pay Now (ADR 042); a Paymaya On-demand order paid with a new card in the pay-now modal through the sandbox's 3-D Secure page; a card saved
// through 3-D Secure pays a pre-order (Paymaya Vault), charged only when staff confirm it; one whose
// charge asks for 3-D Secure is finished from the order's Pay Now (ADR 050); a confirmed Bank Deposit order gets its deposit slip uploaded and shown on the order.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
import { fillCard, findVariant, openPaymentStep } from './checkout-helpers';
import { placeBankDepositOrder, placePickupOrder } from './order-helpers';

let browser: Browser;
let customer: Customer;
let token: string;
let staffToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newCustomer('payments-cards');
  token = customer.token;
  staffToken = await sessionToken('staff@example.com', 'staff123');
});
afterAll(async () => {
  await browser?.close();
});

const paymentStatusOf = async (orderId: string) =>
  (await gql<{ order: { paymentStatus: string; status: string } }>('query($id: ID!) { order(id: $id) { status paymentStatus } }', { id: orderId }, token)).order;

async function staffConfirm(orderId: string): Promise<void> {
  const { orderConfirm } = await gql<{ orderConfirm: { errors: { message: string }[] } }>('mutation($id: ID!) { orderConfirm(id: $id) { errors { message } } }', { id: orderId }, staffToken);
  expect(orderConfirm.errors).toEqual([]);
}


describe('card payments and deposit slips', () => {
  it('Paymaya Checkout: a new card typed in the payment step is charged once the order exists, through 3-D Secure', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    const variant = await findVariant((v) => v.price < 9_000);
    await openPaymentStep(page, variant.id, 'Pickup');
    await page.getByRole('radio', { name: 'Debit/Credit Card', exact: true }).check();
    // The customer has no saved card: the card choice starts with a new card.
    const newCard = page.getByRole('radio', { name: 'A new card' });
    await expect(newCard.isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Pay by card later, from your order' }).isEnabled()).resolves.toBe(true);
    // A card the shared rules refuse is stopped here, before anything is placed.
    await fillCard(page, '4111111111111112');
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please input valid card details' }).waitFor();
    await fillCard(page, '4111111111111111');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    const review = page.getByRole('dialog', { name: 'Review Checkout' });
    await review.getByText('Debit/Credit Card').waitFor();
    await review.getByRole('button', { name: 'Place Order' }).click();
    // The rulebook: follows the on-demand card payment's verificationUrl (the sandbox's 3-D Secure page).
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('/sandbox/maya/verify/payment/');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )Checkout/);
    const { me } = await gql<{ me: { orders: { edges: { node: { id: string; paymentStatus: string; payments: { gateway: string }[] } }[] } } }>(
      '{ me { orders(first: 1) { edges { node { id paymentStatus payments { gateway } } } } } }',
      {},
      token,
    );
    expect(me.orders.edges[0]!.node).toMatchObject({ paymentStatus: 'FULLY_CHARGED', payments: [{ gateway: 'Paymaya Checkout' }] });
    await context.close();
  });

  it('Paymaya On-demand: placing goes to the orders page, and the order is paid from its Pay Now dialog', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    const variant = await findVariant((v) => v.price < 9_000);
    await openPaymentStep(page, variant.id, 'Pickup');
    await page.getByRole('radio', { name: 'Debit/Credit Card', exact: true }).check();
    await page.getByRole('radio', { name: 'Pay by card later, from your order' }).check();
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    await page.getByRole('dialog', { name: 'Review Checkout' }).getByRole('button', { name: 'Place Order' }).click();
    // The rulebook: "any other gateway" goes to the orders page with the method, not to a card page.
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )On-demand/, { timeout: 30_000 });
    const placedDialog = page.getByRole('dialog', { name: 'Order Placed' });
    await placedDialog.getByText('To pay for it by card, click Pay Now on the order.').waitFor();
    await placedDialog.getByRole('button', { name: 'OK' }).click();
    await placedDialog.waitFor({ state: 'detached' });
    const { me } = await gql<{ me: { orders: { edges: { node: { id: string; paymentStatus: string } }[] } } }>(
      '{ me { orders(first: 1) { edges { node { id paymentStatus } } } } }',
      {},
      token,
    );
    const orderId = me.orders.edges[0]!.node.id;
    expect(me.orders.edges[0]!.node.paymentStatus).toBe('NOT_CHARGED');
    await hydrated(page);
    await page.getByRole('link', { name: 'Pay Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Debit/Credit Card' });
    await dialog.getByLabel('Card Number').waitFor();
    await fillCard(page, '4111111111111111');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )On-demand/);
    expect((await paymentStatusOf(orderId)).paymentStatus).toBe('FULLY_CHARGED');
    await context.close();
  });

  it('lands on the orders page when the order is placed while the COD fee lookup is still being answered', async () => {
    // The orders page is a route the checkout has not discovered: the navigation after placing
    // asks for it (/__manifest) first. React Router finished that navigation with the checkout's
    // route (the address changed, the screen stayed empty) when a fetcher's revalidation, begun
    // before the navigation, came back during the discovery (7.18.4 to 7.18.6; our patch of its
    // handleFetcherAction in patches/react-router+7.18.4.patch). Here that order of events is made
    // certain: the COD fee lookup is answered right after the order, before the order's own
    // revalidation is; the lookup's revalidation is held until the discovery is asked for (at most
    // 1.5 s), and the discovery until that revalidation's data is in.
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    const variant = await findVariant((v) => v.price < 9_000);
    const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const signal = () => {
      let fire!: () => void;
      const fired = new Promise<void>((resolve) => (fire = resolve));
      return { fire, fired };
    };
    const codFeeAsked = signal();
    const placed = signal();
    const codFeeAnswered = signal();
    const discoveryAsked = signal();
    const codFeeRevalidated = signal();
    let stage: 'before' | 'placed' | 'codFeeAnswered' = 'before';
    await page.route('**/checkout.data*', async (route) => {
      const request = route.request();
      const body = request.postData() ?? '';
      if (request.method() === 'POST' && body.includes('intent=codFee')) {
        codFeeAsked.fire();
        await placed.fired;
        await route.fulfill({ response: await route.fetch() });
        stage = 'codFeeAnswered';
        // Time for the page to read the answer and ask for the lookup's revalidation.
        void later(100).then(codFeeAnswered.fire);
        return;
      }
      if (request.method() === 'POST' && body.includes('intent=placeOrder')) {
        await route.fulfill({ response: await route.fetch() });
        stage = 'placed';
        placed.fire();
        return;
      }
      if (request.method() !== 'GET' || stage === 'before') return route.continue();
      if (stage === 'placed') {
        // The order's own revalidation: after the lookup's answer.
        await codFeeAnswered.fired;
        return route.continue();
      }
      await Promise.race([discoveryAsked.fired, later(1_500)]);
      await route.fulfill({ response: await route.fetch() });
      if (request.url().includes('_routes=routes%2Fcheckout')) void later(300).then(codFeeRevalidated.fire);
    });
    await page.route('**/__manifest*', async (route) => {
      if (route.request().url().includes('%2Faccount%2Forders')) {
        discoveryAsked.fire();
        await Promise.race([codFeeRevalidated.fired, later(5_000)]);
      }
      await route.continue();
    });
    await openPaymentStep(page, variant.id, 'Pickup');
    await page.getByRole('radio', { name: 'Debit/Credit Card', exact: true }).check();
    await page.getByRole('radio', { name: 'Pay by card later, from your order' }).check();
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    await codFeeAsked.fired;
    await page.getByRole('dialog', { name: 'Review Checkout' }).getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )On-demand/, { timeout: 30_000 });
    await page.getByRole('dialog', { name: 'Order Placed' }).getByText('To pay for it by card, click Pay Now on the order.').waitFor();
    await context.close();
  });

  it('pays a Paymaya On-demand order with a new card in the pay-now modal, through 3-D Secure', async () => {
    const orderId = (await placePickupOrder(token, { gateway: 'Paymaya On-demand' }, (p) => !p.isPreOrder && p.type !== 'Voucher' && (p.variant.stockQuantity ?? 0) >= 2)).id;
    expect((await paymentStatusOf(orderId)).paymentStatus).toBe('NOT_CHARGED');
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${orderId}`);
    await hydrated(page);
    await dismissOverlays(page);
    // The shopper's word for the method, never the gateway's name.
    const facts = page.locator('dl').first();
    await facts.getByText('Debit/Credit Card', { exact: true }).waitFor();
    expect(await facts.getByText(/Paymaya/).count()).toBe(0);
    // Without JavaScript the link is the card page; with it, the modal opens on this page.
    const payNow = page.getByRole('link', { name: 'Pay Now' }).first();
    expect(await payNow.getAttribute('href')).toBe(`/card/new?order=${encodeURIComponent(orderId)}`);
    await payNow.click();
    const dialog = page.getByRole('dialog', { name: 'Debit/Credit Card' });
    await dialog.getByLabel('Card Number').waitFor();
    expect(page.url()).toContain(`/account/order-details/${orderId}`);
    // Escape closes it and gives focus back to Pay Now; it opens again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await payNow.evaluate((el) => el === document.activeElement)).toBe(true);
    // On a 390 px phone the modal fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await payNow.click();
    await dialog.getByLabel('Card Number').waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await fillCard(page, '4111111111111111');
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    // The Maya sandbox's 3-D Secure page: a plain form.
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )On-demand/);
    expect((await paymentStatusOf(orderId)).paymentStatus).toBe('FULLY_CHARGED');
    await context.close();
  });

  it('without JavaScript, Pay Now on a card order goes to the card page for that order', async () => {
    const orderId = (await placePickupOrder(token, { gateway: 'Paymaya On-demand' }, (p) => !p.isPreOrder && p.type !== 'Voucher' && (p.variant.stockQuantity ?? 0) >= 2)).id;
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${orderId}`);
    await page.getByRole('link', { name: 'Pay Now' }).first().click();
    await page.waitForURL(/\/card\/new\?order=/);
    await page.getByRole('heading', { name: 'Debit/Credit Card' }).waitFor();
    await context.close();
  });

  it('saves a card through 3-D Secure and pays a pre-order with it, charged when staff confirm', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto('/card/new');
    await hydrated(page);
    await dismissOverlays(page);
    await fillCard(page, '5105105105105100');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/card\?payment=success/);

    const { paymayaCards } = await gql<{ paymayaCards: { edges: { node: { id: string; ccLastDigits: string } }[] } }>(
      '{ paymayaCards(first: 20) { edges { node { id ccLastDigits } } } }',
      {},
      token,
    );
    const card = paymayaCards.edges.map((e) => e.node).find((c) => c.ccLastDigits === '5100')!;
    expect(card).toBeTruthy();
    const orderId = (await placePickupOrder(token, { gateway: 'Paymaya Vault', paymayaCardId: card.id }, (p) => p.isPreOrder)).id;
    // Held, not charged, until staff confirm the pre-order.
    expect(await paymentStatusOf(orderId)).toEqual({ status: 'UNFULFILLED', paymentStatus: 'NOT_CHARGED' });
    await staffConfirm(orderId);
    expect(await paymentStatusOf(orderId)).toEqual({ status: 'UNFULFILLED_ORDER_CONFIRMED', paymentStatus: 'FULLY_CHARGED' });
    await page.goto(`/account/order-details/${orderId}`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await context.close();
  });

  // ADR 050: Maya asks for 3-D Secure on the held card's charge; the customer finishes it from Pay Now.
  it('a saved card that asks for 3-D Secure on its charge: Pay Now leads to the verification, then the order is paid', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto('/card/new');
    await hydrated(page);
    await dismissOverlays(page);
    // The sandbox's card that asks for 3-D Secure on every later charge (a number ending in 0003).
    await fillCard(page, '4111111111060003');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/card\?payment=success/);
    const { paymayaCards } = await gql<{ paymayaCards: { edges: { node: { id: string; ccLastDigits: string } }[] } }>('{ paymayaCards(first: 20) { edges { node { id ccLastDigits } } } }', {}, token);
    const card = paymayaCards.edges.map((e) => e.node).find((c) => c.ccLastDigits === '0003')!;
    const orderId = (await placePickupOrder(token, { gateway: 'Paymaya Vault', paymayaCardId: card.id }, (p) => p.isPreOrder)).id;
    await staffConfirm(orderId);
    expect(await paymentStatusOf(orderId)).toEqual({ status: 'UNFULFILLED_ORDER_CONFIRMED', paymentStatus: 'NOT_CHARGED' });
    await page.goto(`/account/order-details/${orderId}`);
    await page.getByText('Order confirmed! Click the Pay Now button to continue payment.').first().waitFor();
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('link', { name: 'Pay Now' }).first().click();
    // Maya's 3-D Secure page (the sandbox's), then back through the shop's signed return.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\/orders\?status=success&method=Paymaya(%20| )Vault/);
    expect(await paymentStatusOf(orderId)).toEqual({ status: 'UNFULFILLED_ORDER_CONFIRMED', paymentStatus: 'FULLY_CHARGED' });
    await context.close();
  });

  it('uploads a deposit slip for a confirmed Bank Deposit order and shows it on the order', async () => {
    const placed = await placeBankDepositOrder(token);
    await staffConfirm(placed.id);
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${placed.id}`);
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('button', { name: 'Upload Deposit Slip' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Deposit Slip' });
    const sharp = (await import('sharp')).default;
    const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4f4f4' } }).png().toBuffer();
    await dialog.getByLabel('Deposit slip (image)').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer });
    await dialog.getByRole('img', { name: 'Deposit slip preview' }).waitFor();
    await dialog.getByLabel('Description (optional)').fill('BDO deposit');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    // The result dialog, then the order shows the slip.
    await page.getByRole('dialog').getByRole('status').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'View deposit slip' }).waitFor();
    const href = await page.getByRole('link', { name: 'View deposit slip' }).getAttribute('href');
    // The slip is the customer's own: served with their session, never cached on the way, and
    // not found for anyone else (docs/decisions/048-file-storage-drivers.md).
    const slipUrl = new URL(href!, page.url()).href;
    const asOwner = await context.request.get(slipUrl);
    expect([asOwner.status(), asOwner.headers()['content-type']?.startsWith('image/'), asOwner.headers()['cache-control']]).toEqual([200, true, 'private, no-store']);
    expect((await fetch(slipUrl)).status).toBe(404);
    await context.close();
  });
});
