// The accounts journey: sign up, verify through the emailed link (demo outbox at /dev/mailbox),
// log out and in, edit the profile and save both addresses; axe on the dialogs and /account.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { hydrated } from './catalogue-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const email = `juan.${Date.now()}@example.com`;
const password = 'Tamang-Pass-123';
const newPassword = 'Bagong-Pass-456';
const resetPassword = 'Ibang-Pass-789';


async function openWithDialog(page: Page, path: string, name: string) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** The link to `path` in the newest email to `to` that has one, from the demo outbox. */
async function linkFromMailbox(page: Page, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S*${path.replace('?', '\\?')}\\S*`);
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const emails = await page.locator('tbody a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of emails.slice(0, 5)) {
      await page.goto(href);
      const match = (await page.locator('pre').first().textContent())?.match(pattern);
      if (match) {
        // Open it on the test server whatever host the email names.
        const url = new URL(match[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no email to ${to} with a ${path} link`);
}

/** A real PNG for the profile picture (wider than tall, so the crop matters). */
async function pngFile() {
  const sharp = (await import('sharp')).default;
  const buffer = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0e7c7e' } }).png().toBuffer();
  return { name: 'me.png', mimeType: 'image/png', buffer };
}

describe('accounts journey', () => {
  // The one journey that uses the demo accounts, as a newcomer trying the demo would: it only
  // looks. Every other journey changes customers of its own (customers.ts).
  it('signs in with the demo customer from the Login dialog and finds their saved addresses', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 }, cookies: 'accepted' });
    const login = await openWithDialog(page, '/?open=login', 'Login');
    await hydrated(page);
    await login.getByLabel('Email').fill('customer@example.com');
    await login.getByLabel('Password').fill('customer123');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(/\/account$/);
    // The overview says where the shop ships to; the addresses page has both addresses.
    await page.getByRole('navigation', { name: 'Account pages' }).getByText('Ships to Makati City, Metro Manila').waitFor();
    await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Addresses' }).click();
    await page.waitForURL(/\/account\/addresses$/);
    await page.getByText('123 Ayala Avenue').first().waitFor();
    await page.getByText('8 Jupiter Street').first().waitFor();
    await context.close();
  });

  it('opens Sign Up from the query and shows the validation messages in the rulebook order', async () => {
    const { context, page } = await newPage(browser);
    const dialog = await openWithDialog(page, '/?open=signup', 'Sign Up');
    await expectNoSeriousViolations(page);

    const submit = dialog.getByRole('button', { name: 'Sign Up' });
    const alert = dialog.getByRole('alert');
    await submit.click();
    await expect(alert.textContent()).resolves.toBe('First Name and Last Name should not be empty.');
    await dialog.getByLabel('First Name').fill('  Juan ');
    await dialog.getByLabel('Last Name').fill('Dela Cruz');
    await dialog.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expect(alert.textContent()).resolves.toBe('Please enter a valid email address, such as juan@example.com.');
    await dialog.getByLabel('Email').fill(email);
    await submit.click();
    await expect(alert.textContent()).resolves.toBe('Password should not be empty.');
    await dialog.getByLabel('Password', { exact: true }).fill('has space');
    await submit.click();
    await expect(alert.textContent()).resolves.toBe('Password should not contain whitespaces');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm Password').fill('other');
    await submit.click();
    await expect(alert.textContent()).resolves.toBe('Password does not match');
    await context.close();
  });

  it('opens Sign Up with the Commissioner Key of a signup token, and Login from the header', async () => {
    const { context, page } = await newPage(browser);
    const signUp = await openWithDialog(page, '/?signup_token=ABCDEFGHJ', 'Sign Up');
    await expect(signUp.getByLabel('Commissioner Key (optional)').inputValue()).resolves.toBe('ABCDEFGHJ');
    await signUp.getByRole('button', { name: 'Login', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.waitFor();
    await expectNoSeriousViolations(page);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(login.getByRole('alert').textContent()).resolves.toBe('Please fill empty fields!');
    await login.getByRole('button', { name: 'Close' }).click();

    await page.goto('/shop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop');
    await context.close();
  });

  it('signs up, verifies the email, logs out and in, edits the profile and saves both addresses', async () => {
    const { context, page } = await newPage(browser);
    const signUp = await openWithDialog(page, '/?open=signup', 'Sign Up');
    await signUp.getByLabel('First Name').fill(' Juan ');
    await signUp.getByLabel('Last Name').fill(' Dela Cruz ');
    await signUp.getByLabel('Email').fill(` ${email} `);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm Password').fill(password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();

    // Signed in and unverified: the page reloads (without ?open) and asks to verify.
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('open='));
    const verifyDialog = page.getByRole('dialog', { name: 'Verify your email' });
    await verifyDialog.waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')?.httpOnly).toBe(true);

    const link = await linkFromMailbox(page, email, '/verify?');
    await page.goto(link);
    await page.getByText('Verified email!').waitFor();
    await page.waitForURL((url) => url.pathname === '/account', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Verify your email' }).count()).toBe(0);

    // Logout: cookie gone, local storage cleared, back home.
    await page.evaluate(() => window.localStorage.setItem('probe', '1'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    expect(await page.evaluate(() => window.localStorage.getItem('probe'))).toBeNull();

    // Login: wrong password shows the server's message, the right one signs in and reloads.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByRole('alert').waitFor();
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).waitFor();
    const token = (await context.cookies()).find((c) => c.name === 'token');
    const days = (token!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);

    await page.goto('/verify');
    await page.getByText('Your email address is verified.').waitFor();
    await expectNoSeriousViolations(page);

    // The overview: who is signed in, and a tile for each account page.
    await page.goto('/account');
    await page.getByText('Verified', { exact: true }).waitFor();
    const pages = page.getByRole('navigation', { name: 'Account pages' });
    for (const name of ['Profile', 'Addresses', 'Orders', 'Watchlist', 'Payment Methods', 'Manage Cards', 'Patrons', 'Payouts']) {
      await pages.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    }
    await expect(pages.getByRole('link', { name: /^Addresses/ }).textContent()).resolves.toContain('Add your shipping and billing address');
    await pages.getByRole('link', { name: /^Profile/ }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await hydrated(page);
    await expectNoSeriousViolations(page);

    // Edit profile.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit Profile' });
    await profile.getByLabel('Middle Name').fill('');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('alert').textContent()).resolves.toBe('Please fill in the important details.');
    await profile.getByLabel('Middle Name').fill('Santos');
    await profile.getByLabel('Birthday').fill('1990-06-12');
    await profile.getByLabel('Sex').selectOption('M');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('status').textContent()).resolves.toBe('User information saved!');
    await profile.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Juan Santos Dela Cruz').waitFor();

    // Shipping address, with a rule failure first, on the addresses page.
    await page.goto('/account/addresses');
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
    const shipping = page.getByRole('form', { name: 'Shipping Address' });
    await shipping.getByLabel('First Name').fill('Juan');
    await shipping.getByLabel('Last Name').fill('Dela Cruz');
    await shipping.getByLabel('Street Address', { exact: true }).fill('12 Mabini St.');
    await shipping.getByLabel('Province').selectOption('Metro Manila');
    const city = shipping.getByLabel('City');
    await expect.poll(() => city.locator('option').count()).toBeGreaterThan(5);
    const firstCity = await city.locator('option').nth(1).getAttribute('value');
    await city.selectOption(firstCity!);
    await shipping.getByLabel('Barangay').fill('Barangay 1');
    await shipping.getByLabel('Postal Code').fill('100');
    await shipping.getByLabel('Phone').fill('9171234567');
    await shipping.getByRole('button', { name: 'Save Shipping Address' }).click();
    await expect(shipping.getByRole('alert').textContent()).resolves.toBe('Please enter the important fields');
    await shipping.getByLabel('Postal Code').fill('1000');
    await shipping.getByRole('button', { name: 'Save Shipping Address' }).click();
    await expect(shipping.getByRole('status').textContent()).resolves.toBe('Shipping Address saved!');

    // Billing: Same as Shipping copies and locks the fields.
    await page.getByRole('button', { name: /Billing Address/ }).click();
    const billing = page.getByRole('form', { name: 'Billing Address' });
    await page.getByLabel('Same as Shipping').check();
    await expect(billing.getByLabel('First Name').inputValue()).resolves.toBe('Juan');
    await expect(billing.getByLabel('First Name').isDisabled()).resolves.toBe(true);
    await billing.getByRole('button', { name: 'Save Billing Address' }).click();
    await expect(billing.getByRole('status').textContent()).resolves.toBe('Billing Address saved!');

    // Saved: after a reload the billing address equals shipping, so the box starts checked.
    await page.reload();
    // The accordion opens only once React has hydrated the reloaded page.
    await hydrated(page);
    await page.getByRole('button', { name: /Billing Address/ }).click();
    await expect(page.getByLabel('Same as Shipping').isChecked()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Shipping Address/ }).textContent()).resolves.toContain('12 Mabini St.');
    await expectNoSeriousViolations(page);
    // The overview names where the shop ships to.
    await page.goto('/account');
    await expect(page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: /^Addresses/ }).textContent()).resolves.toContain('Ships to');

    // Bank details: digits-only account number, on the profile page.
    await page.goto('/account/profile');
    await hydrated(page);
    await page.getByRole('button', { name: 'Bank Details' }).click();
    const bank = page.getByRole('dialog', { name: 'Bank Details' });
    await bank.getByLabel('Bank').selectOption('BDO');
    await bank.getByLabel('Account Name').fill('Juan Dela Cruz');
    await bank.getByLabel('Account Number').fill('12-34');
    await bank.getByRole('button', { name: 'Save' }).click();
    await expect(bank.getByRole('alert').textContent()).resolves.toBe('Account number should contain digits only.');
    await bank.getByLabel('Account Number').fill('001234567890');
    await bank.getByRole('button', { name: 'Save' }).click();
    await expect(bank.getByRole('status').textContent()).resolves.toBe('Bank details saved!');
    await bank.getByRole('button', { name: 'Close' }).click();

    // Profile picture: cropped in the browser and uploaded.
    await page.getByRole('button', { name: 'Profile Picture' }).click();
    const picture = page.getByRole('dialog', { name: 'Profile Picture' });
    await picture.getByRole('button', { name: 'Upload' }).click();
    await expect(picture.getByRole('alert').textContent()).resolves.toBe('Please upload image');
    await picture.getByLabel('Choose an image').setInputFiles(await pngFile());
    await picture.getByRole('img', { name: 'Cropped picture preview' }).waitFor();
    await picture.getByLabel('Zoom').fill('2');
    await picture.getByRole('button', { name: 'Upload' }).click();
    await expect(picture.getByRole('status').textContent()).resolves.toBe('Profile picture uploaded!');
    await picture.getByRole('button', { name: 'Close' }).click();
    const avatar = page.getByRole('img', { name: 'Profile picture', exact: true });
    await avatar.waitFor();
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const [width, height] = await avatar.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    expect(width).toBe(height);

    // Change password: the mismatch message, then success; this session carries on.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const change = page.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel('Current Password').fill(password);
    await change.getByLabel('New Password').fill(newPassword);
    await change.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await change.getByRole('button', { name: 'Update Password' }).click();
    await expect(change.getByRole('alert').textContent()).resolves.toBe("Password doesn't match.");
    await change.getByLabel('Confirm Password').fill(newPassword);
    await change.getByRole('button', { name: 'Update Password' }).click();
    await expect(change.getByRole('status').textContent()).resolves.toBe('Password updated!');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    // Narrow screens get the compact icon menu, and nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    const compact = page.getByRole('navigation', { name: 'Account (compact)' });
    await compact.getByRole('link', { name: 'Patrons' }).click();
    await page.waitForURL((url) => url.pathname === '/account/referrals');
    await page.getByText('No recent activity from applicants!').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await context.close();
  });

  it('resets a forgotten password through the emailed link, once', async () => {
    const { context, page } = await newPage(browser);
    const login = await openWithDialog(page, '/?open=login', 'Login');
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Reset Password' }).click();
    await expect(forgot.getByRole('status').textContent()).resolves.toBe('Please check your email to continue.');

    const link = await linkFromMailbox(page, email, '/reset?');
    await page.goto(link);
    await expectNoSeriousViolations(page);
    // Typed once the page has hydrated (after the first paint, ADR 059), so React keeps it.
    await hydrated(page);
    await page.getByLabel('New Password').fill(resetPassword);
    await page.getByLabel('Confirm Password').fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Password updated! You can now login.');

    // Single use: the same link fails the second time.
    await page.goto(link);
    await page.getByLabel('New Password').fill(resetPassword);
    await page.getByLabel('Confirm Password').fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    const again = page.getByRole('dialog', { name: 'Login' });
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill(resetPassword);
    await again.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).waitFor();

    // Signed in, /reset goes home.
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('creates the account but reports a Commissioner Key that cannot be linked', async () => {
    const { context, page } = await newPage(browser);
    const signUp = await openWithDialog(page, '/?signup_token=ZZZZZZZZZ', 'Sign Up');
    await signUp.getByLabel('First Name').fill('Maria');
    await signUp.getByLabel('Last Name').fill('Clara');
    await signUp.getByLabel('Email').fill(`maria.${Date.now()}@example.com`);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm Password').fill(password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    const failed = page.getByRole('dialog', { name: 'Commissioner Failed to Link' });
    await failed.getByText('Sorry! The referral code is not valid.', { exact: true }).waitFor();
    await failed.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
    await context.close();
  });

  it('reports a bad reset link on /reset', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/reset?token=bad&uid=bad');
    await hydrated(page);
    await page.getByLabel('New Password').fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).not.toBe('Password updated! You can now login.');
    await context.close();
  });
});
