// No dead ends, no misleading words, as a shopper of their own
// sees them: a Bank Deposit order shows where to pay and the slip upload from placement, and a
// photo over 5 MB gets one message; a cancellation request says it is pending, not done; a
// declined GCash payment comes back to the order saying so, with Pay Now; and a card is saved
// from a page whose host is not PUBLIC_URL's; a visitor who signs up from a product page ends
// on that product once verified.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../common/checkout/gateways';
import { baseURL, expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated } from './catalogue-helpers';
import { newCustomer } from './customers';
import { placeBankDepositOrder, placePickupOrder } from './order-helpers';

/** The link of the newest verification email to `email` (the demo outbox). */
async function verificationLink(email: string): Promise<URL> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const list = await (await fetch(`${baseURL()}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    for (const id of [...list.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)].map((m) => m[1])) {
      const html = await (await fetch(`${baseURL()}/dev/mailbox/${id}/html`)).text();
      const href = /href="([^"]*\/verify\?[^"]*)"/.exec(html)?.[1];
      if (href) return new URL(href.replace(/&amp;/g, '&'));
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email to ${email}`);
}

/** The code of the newest verification email to `email` (the demo outbox). */
async function verificationCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const list = await (await fetch(`${baseURL()}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    for (const id of [...list.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)].map((m) => m[1])) {
      const html = await (await fetch(`${baseURL()}/dev/mailbox/${id}/html`)).text();
      const href = /href="([^"]*\/verify\?[^"]*)"/.exec(html)?.[1];
      const code = href ? new URL(href.replace(/&amp;/g, '&')).searchParams.get('confirmation_key') : null;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email to ${email}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('no dead ends', () => {
  it('Bank Deposit: the order page shows where to pay and the slip upload from placement; a photo over 5 MB gets one message', async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const { token } = await newCustomer('bank-deposit-details', { context });
    const order = await placeBankDepositOrder(token);

    // The landing after placing; the dialog closes, and the order page still says where to pay.
    await page.goto('/account/orders?status=success&method=Bank%20Deposit');
    await page.getByRole('dialog', { name: 'Order Placed' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/account\/orders$/);
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(new RegExp(`/account/order-details/${order.number}$`));
    const details = page.getByRole('region', { name: 'Bank deposit details' });
    await details.getByText(BANK_DEPOSIT_ACCOUNT.accountNumber).waitFor();
    await details.getByText(BANK_DEPOSIT_ACCOUNT.accountName).waitFor();
    await details.getByText(`write your Order# ${order.referenceKey} on the deposit slip`).waitFor();
    await expectNoSeriousViolations(page);

    // Staff have not confirmed it, and the upload is there already.
    await hydrated(page);
    await page.getByRole('button', { name: 'Upload Deposit Slip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Deposit Slip' });
    const big = Buffer.alloc(5_000_001, 0);
    await dialog.getByLabel('Deposit slip (image)').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: big });
    await dialog.getByRole('alert').waitFor();
    const messages = async () => (await dialog.getByRole('alert').allTextContents()).map((t) => t.trim());
    expect(await messages()).toEqual(['This photo is larger than 5 MB. Please choose a smaller photo of your deposit slip.']);
    // Upload with the photo refused: still the one message, not a second one about no photo.
    await dialog.getByRole('button', { name: 'Upload' }).click();
    expect(await messages()).toEqual(['This photo is larger than 5 MB. Please choose a smaller photo of your deposit slip.']);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // A cancellation request leaves the order pending cancellation, and says so.
    await page.getByRole('button', { name: 'Request for Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
    await cancel.getByLabel('Reason').selectOption('CHANGE_PAYMENT_METHOD');
    await cancel.getByRole('button', { name: 'Request for Cancel' }).click();
    const result = page.getByRole('dialog', { name: 'Request for Cancel' });
    await result
      .getByText('Cancellation requested! Your order is pending cancellation: we will email you once we have reviewed it.')
      .waitFor();
    expect(await result.getByText('Order cancelled!').count()).toBe(0);
    await result.getByRole('button', { name: 'OK' }).click();
    await page.locator('dl').first().getByText('Pending for Cancellation').waitFor();
    await context.close();
  });

  it('a visitor who signs up from a product page is back on that product once verified', async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const { products } = await apiQuery<{ products: { edges: { node: { id: string } }[] } }>('query { products(first: 1) { edges { node { id } } } }');
    const productPath = `/product/${encodeURIComponent(products.edges[0]!.node.id)}`;
    await page.goto(productPath);
    await hydrated(page);
    await dismissOverlays(page);

    // ADD TO CART asks to sign in; Login opens over the product, and Sign Up from there.
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('button', { name: 'Not yet Registered? Click here!' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    const email = `e2e.product-signup.${Date.now()}@example.com`;
    await signUp.getByLabel('First Name').fill('Maria');
    await signUp.getByLabel('Last Name').fill('Santos');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill('Journey-Pass-123');
    await signUp.getByLabel('Confirm Password').fill('Journey-Pass-123');
    await signUp.getByRole('button', { name: 'Sign Up' }).click();

    // Signed in, still on the product, asked to verify; verified, back on the product.
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await verify.waitFor();
    expect(new URL(page.url()).pathname).toBe(productPath);
    await verify.getByRole('link', { name: 'Verify Email Address' }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await hydrated(page);
    await page.getByLabel('Verification Code').fill(await verificationCode(email));
    await page.getByRole('button', { name: 'Verify Email Address' }).click();
    await page.getByText('Verified email!').waitFor();
    await page.waitForURL((url) => url.pathname === productPath, { timeout: 10_000 });
    await page.getByRole('button', { name: 'ADD TO CART' }).waitFor();
    await context.close();
  });

  it("the verification email's link brings a shopper who signed up on a product page back to that product", async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const { products } = await apiQuery<{ products: { edges: { node: { id: string } }[] } }>('query { products(first: 2) { edges { node { id } } } }');
    const productPath = `/product/${encodeURIComponent(products.edges[1]!.node.id)}`;
    await page.goto(`${productPath}?open=signup`);
    await hydrated(page);
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    const email = `e2e.product-link.${Date.now()}@example.com`;
    await signUp.getByLabel('First Name').fill('Lorna');
    await signUp.getByLabel('Last Name').fill('Reyes');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill('Journey-Pass-123');
    await signUp.getByLabel('Confirm Password').fill('Journey-Pass-123');
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();

    // The emailed link names the product (a path on this shop), and opening it ends there.
    const link = await verificationLink(email);
    expect(`/${link.searchParams.get('redirect')}`).toBe(productPath);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Verified email!').waitFor();
    await page.waitForURL((url) => url.pathname === productPath, { timeout: 10_000 });
    await page.getByRole('button', { name: 'ADD TO CART' }).waitFor();
    await context.close();
  });

  it('a customer without an address adds it in the "Address needed" dialog and the item goes into the cart', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, cookies: 'accepted' });
    await newCustomer('address-in-place', { context, addresses: false });
    type Found = { products: { edges: { node: { id: string; variants: { id: string; stockQuantity: number | null }[] } }[] } };
    const { products } = await apiQuery<Found>('query { products(first: 40) { edges { node { id variants { id stockQuantity } } } } }');
    const product = products.edges.map((e) => e.node).find((p) => p.variants.length === 1 && (p.variants[0]!.stockQuantity ?? 0) > 2);
    const productPath = `/product/${encodeURIComponent(product!.id)}`;
    await page.goto(productPath);
    await hydrated(page);
    await dismissOverlays(page);

    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const dialog = page.getByRole('dialog', { name: 'Address needed' });
    await dialog.getByText('Please add your billing and shipping address to add this item to your cart.').waitFor();
    // No directions to menus that do not exist: the forms are right here.
    expect(await dialog.getByText('Account Settings').count()).toBe(0);
    const shipping = dialog.getByRole('form', { name: 'Shipping Address' });
    await shipping.getByLabel('First Name').fill('Maria');
    await shipping.getByLabel('Last Name').fill('Santos');
    await shipping.getByLabel('Street Address', { exact: true }).fill('12 Mabini Street');
    await shipping.getByLabel('Province').selectOption('Metro Manila');
    await expect.poll(() => shipping.getByLabel('City').locator('option', { hasText: 'Quezon City' }).count()).toBe(1);
    await shipping.getByLabel('City').selectOption('Quezon City');
    await shipping.getByLabel('Barangay').fill('Bagong Pag-asa');
    await shipping.getByLabel('Postal Code').fill('1105');
    await shipping.getByLabel('Phone').fill('0917 123 4567');
    await shipping.getByRole('button', { name: 'Save Shipping Address' }).click();
    await expect(shipping.getByRole('status').textContent()).resolves.toBe('Shipping Address saved!');
    await dialog.getByRole('button', { name: /Billing Address/ }).click();
    await dialog.getByLabel('Same as Shipping').check();
    const billing = dialog.getByRole('form', { name: 'Billing Address' });
    await billing.getByRole('button', { name: 'Save Billing Address' }).click();
    await expect(billing.getByRole('status').textContent()).resolves.toBe('Billing Address saved!');
    await expectNoSeriousViolations(page);

    // Still on the product: the item goes into the cart from the dialog.
    await dialog.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(productPath);
    await context.close();
  });

  it('a declined GCash payment comes back to the order, says it was declined and offers Pay Now', async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const { token } = await newCustomer('gcash-declined', { context });
    const placed = await placePickupOrder(token, { gateway: 'GCash' });
    expect(placed.redirectUrl).toContain('/sandbox/gcash/pay/');
    await page.goto(placed.redirectUrl!);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(new RegExp(`/account/order-details/${placed.number}\\?payment=declined$`));
    const notice = page.getByRole('alert').filter({ hasText: 'Payment declined' });
    await notice
      .getByText('Your GCash payment was declined, so nothing was charged. Your order is waiting for payment: click Pay Now to try again.')
      .waitFor();
    await expectNoSeriousViolations(page);
    // Pay Now leads to a fresh GCash page that can still be paid.
    const payNow = page.getByRole('link', { name: 'Pay Now' });
    await payNow.waitFor();
    await payNow.click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await context.close();
  });

  it('saves a card from a page whose host is not PUBLIC_URL\'s: the card form posts to the page\'s own origin', async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const { token } = await newCustomer('card-other-host', { context, addresses: false });
    // The same shop under another name (as www.suki.ph against suki.ph): localhost, not 127.0.0.1.
    const other = new URL(baseURL());
    other.hostname = 'localhost';
    await context.addCookies([{ name: 'token', value: token, url: other.origin, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(new URL('/card/new', other).toString());
    await dismissOverlays(page);
    await hydrated(page);
    await page.getByLabel('Card Number').fill('5555555555554444');
    await page.getByLabel('Month (MM)').fill('12');
    await page.getByLabel('Year (YYYY)').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByRole('heading', { name: '3-D Secure verification' }).waitFor();
    await page.getByText('Verify your MASTERCARD card ending in 4444.').waitFor();
    await context.close();
  });
});
