// Privacy rights and the seller's details in the browser (docs/decisions/054-privacy-rights.md):
// a customer of this journey's own downloads their data from the profile page and then deletes
// their account with their password; the cookie notice's consent reaches the shop; every page's
// footer names the seller and the privacy page its data protection officer (the demo seller).
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_VERSION } from '../common/compliance/consent';
import { PRIVACY_MESSAGES } from '../common/compliance/privacy';
import { SELLER_DETAILS_MESSAGES } from '../common/compliance/seller-details';
import { DEMO_SELLER_DETAILS } from '../server/seed/seed-demo';
import { baseURL, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer } from './customers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('privacy rights', () => {
  it('downloads the data export from the profile page, then deletes the account with the password', async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    const customer = await newCustomer('privacy', { context });
    await page.goto('/account/profile');
    await dismissOverlays(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^suki-personal-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string; passwordHash?: string }; addresses: unknown[]; orders: unknown[] };
    expect(data.account.email).toBe(customer.email);
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.addresses).toHaveLength(2);
    expect(data.orders).toEqual([]);

    // A wrong password is refused with its message; the right one signs out and lands home.
    await page.getByText('Delete my account', { exact: true }).first().click();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: PRIVACY_MESSAGES.wrongPassword }).textContent()).resolves.toContain(PRIVACY_MESSAGES.wrongPassword);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await hydrated(page);
    expect((await context.cookies()).some((c) => c.name === 'token' && c.value)).toBe(false);
    // The session is over everywhere: the token the journey signed in with no longer works.
    const { me } = await apiQuery<{ me: { id: string } | null }>('{ me { id } }', {}, customer.token);
    expect(me).toBeNull();
    await context.close();
  });

  it("records the cookie notice's consent with its version for the visitor's random id", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/faqs');
    await hydrated(page);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/consent') && r.method() === 'POST'), page.getByRole('button', { name: 'I Understand' }).click()]);
    const body = new URLSearchParams(request.postData() ?? '');
    expect(body.get('version')).toBe(COOKIE_NOTICE_VERSION);
    expect(body.get('visitorId')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request.response())?.status()).toBe(200);
    await context.close();
  });

  it("shows the seller's details in the footer and the data protection officer on the privacy page", async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    await page.goto('/faqs');
    const text = await page.locator('footer address').textContent();
    for (const part of [DEMO_SELLER_DETAILS.registeredName, DEMO_SELLER_DETAILS.businessAddress, DEMO_SELLER_DETAILS.contactEmail, DEMO_SELLER_DETAILS.registrationNumber, DEMO_SELLER_DETAILS.tin]) {
      expect(text).toContain(part);
    }
    await page.goto('/privacy-policy');
    const officer = await page.locator('[data-dpo]').textContent();
    expect(officer).toContain(DEMO_SELLER_DETAILS.dataProtectionOfficerName);
    expect(officer).toContain(DEMO_SELLER_DETAILS.dataProtectionOfficerEmail);
    await context.close();
  });

  it("lets staff edit the seller's details on /staff/settings, with the rules' messages", async () => {
    const { context, page } = await newPage(browser, { cookies: 'accepted' });
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto('/staff/settings');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Seller details' });
    const tin = form.getByLabel('TIN', { exact: true });
    await expect(tin.inputValue()).resolves.toBe(DEMO_SELLER_DETAILS.tin);
    await tin.fill('12-34');
    await form.getByRole('button', { name: 'Save seller details' }).click();
    await form.locator('#seller-tin-error').waitFor();
    await expect(form.locator('#seller-tin-error').textContent()).resolves.toBe(SELLER_DETAILS_MESSAGES.tin);
    // Saved as typed (spaces instead of dashes), shown back in the registered form.
    await tin.fill(DEMO_SELLER_DETAILS.tin.replace(/-/g, ' '));
    await form.getByRole('button', { name: 'Save seller details' }).click();
    await expect(form.getByRole('status').textContent()).resolves.toBe('Saved.');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Seller details' }).getByLabel('TIN', { exact: true }).inputValue()).resolves.toBe(DEMO_SELLER_DETAILS.tin);
    await context.close();
  });

  it("drops the stored visitors' pages when the seller's details change", async () => {
    const ask = async () => {
      const response = await fetch(`${baseURL()}/about`, { headers: { cookie: 'cookie_consent=1' } });
      return { cache: response.headers.get('x-suki-page-cache'), body: await response.text() };
    };
    await ask();
    expect((await ask()).cache).toBe('hit');
    const staff = await sessionToken('staff@example.com', 'staff123');
    const update = (contactPhone: string) =>
      apiQuery<{ sellerDetailsUpdate: { errors: unknown[] } }>('mutation($i: SellerDetailsInput!) { sellerDetailsUpdate(input: $i) { errors { message } } }', { i: { contactPhone } }, staff);
    try {
      expect((await update('+63 2 8999 0000')).sellerDetailsUpdate.errors).toEqual([]);
      // The change notification arrives after the commit: the next pages are rendered afresh.
      let page = await ask();
      for (let i = 0; i < 20 && !page.body.includes('+63 2 8999 0000'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await ask();
      }
      expect(page.body).toContain('+63 2 8999 0000');
    } finally {
      await update(DEMO_SELLER_DETAILS.contactPhone);
    }
  });
});
