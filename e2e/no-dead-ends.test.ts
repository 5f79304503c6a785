// No dead ends, no misleading words (issue 25, items 6, 7 and 11), as a shopper of their own
// sees them: a Bank Deposit order shows where to pay and the slip upload from placement, and a
// photo over 5 MB gets one message; a cancellation request says it is pending, not done; a
// declined GCash payment comes back to the order saying so, with Pay Now; and a card is saved
// from a page whose host is not PUBLIC_URL's.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../common/checkout/gateways';
import { baseURL, expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { dismissOverlays, hydrated } from './catalogue-helpers';
import { newCustomer } from './customers';
import { placeBankDepositOrder, placePickupOrder } from './order-helpers';

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
