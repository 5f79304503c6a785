// Saved cards: a new customer adds a Mastercard on /card/new (checked in the browser with
// the rulebook's messages, tokenised by the Maya sandbox), passes 3-D Secure on the sandbox's page,
// sees the result page, finds the card on /account/cards, makes it the default, removes it,
// and sets a default payment method. axe finds nothing serious or critical.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { dismissOverlays, hydrated } from './catalogue-helpers';
import { newCustomer } from './customers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('saved cards', () => {
  it('saves a card through 3-D Secure, lists it, sets it default and removes it', async () => {
    const { context, page } = await newPage(browser);
    await newCustomer('cards', { context });

    await page.goto('/account/cards');
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Add Credit/Debit Card' }).first().click();
    await page.waitForURL('**/card/new');
    await dismissOverlays(page);
    const save = page.getByRole('button', { name: 'Save Card' });
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'All fields are required.' }).waitFor();

    await page.getByLabel('Card Number').fill('5555555555554445'); // fails Luhn
    await page.getByLabel('Month (MM)').fill('12');
    await page.getByLabel('Year (YYYY)').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'Please input valid card details' }).waitFor();
    await expectNoSeriousViolations(page);

    await page.getByLabel('Card Number').fill('5555555555554444');
    await save.click();
    // The sandbox's 3-D Secure page: a plain form.
    await page.getByRole('heading', { name: '3-D Secure verification' }).waitFor();
    await page.getByText('Verify your MASTERCARD card ending in 4444.').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/card\?payment=success/);
    await page.getByRole('heading', { name: 'Added new credit/debit card!' }).waitFor();
    await expectNoSeriousViolations(page);

    // The first card saved is the default.
    await page.goto('/account/cards');
    const first = page.getByRole('row').filter({ hasText: 'MASTERCARD •••• 4444' });
    await first.getByText('Default', { exact: true }).waitFor();

    // A second card is not, until chosen.
    await page.goto('/card/new');
    await dismissOverlays(page);
    await page.getByLabel('Card Number').fill('4242424242424242');
    await page.getByLabel('Month (MM)').fill('06');
    await page.getByLabel('Year (YYYY)').selectOption(String(new Date().getFullYear() + 3));
    await page.getByLabel('CVV').fill('456');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByText('Verify your VISA card ending in 4242.').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/card\?payment=success/);
    await page.goto('/account/cards');
    const added = page.getByRole('row').filter({ hasText: 'VISA •••• 4242' });
    await added.waitFor();
    await hydrated(page);
    await expect(added.getByText('Default', { exact: true }).count()).resolves.toBe(0);
    await added.getByRole('button', { name: /Set as Default/ }).click();
    await added.getByText('Default', { exact: true }).waitFor();
    await expect(first.getByRole('button', { name: /Set as Default/ }).isVisible()).resolves.toBe(true);

    // Removing the default passes it back to the other card.
    await added.getByRole('button', { name: /Remove/ }).click();
    await added.waitFor({ state: 'detached' });
    await first.getByText('Default', { exact: true }).waitFor();
    await context.close();
  });

  it('a declined 3-D Secure ends on the failure page and saves nothing', async () => {
    const { context, page } = await newPage(browser);
    await newCustomer('cards', { context });
    await page.goto('/card/new');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByLabel('Card Number').fill('3530111333300000');
    await page.getByLabel('Month (MM)').fill('01');
    await page.getByLabel('Year (YYYY)').selectOption(String(new Date().getFullYear() + 1));
    await page.getByLabel('CVV').fill('321');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/payment\/card\?payment=failed/);
    await page.getByRole('heading', { name: 'Unable to add credit/debit card.' }).waitFor();
    await page.goto('/account/cards');
    await expect(page.getByRole('row').filter({ hasText: 'JCB' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('sets the default payment method', async () => {
    const { context, page } = await newPage(browser);
    await newCustomer('cards', { context });
    await page.goto('/account/payment_methods');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('radio', { name: 'Bank Deposit' }).check();
    await page.getByRole('button', { name: 'Set Default Payment Method' }).click();
    await page.getByRole('status').filter({ hasText: 'Default payment method updated!' }).waitFor();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Bank Deposit' }).isChecked()).resolves.toBe(true);
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
