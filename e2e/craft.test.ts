// On a phone and a desktop: one overlay at a time on the first visit, a colour's own
// pictures in the gallery and the cart, the low-stock hint, field-level errors, the email
// change flow, quantities set to the stock left, empty states, and screenshots (with axe) of home, shop, product, cart and checkout written to
// e2e/screenshots/ (README, "Tests").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockClampText } from '../common/catalogue/stock';
import { ADDRESS_FIELD_HINTS } from '../common/validation/address';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated, logIn } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

type Variant = { id: string; stockQuantity: number; isAvailable: boolean; options: { color: string | null; memory: string | null; coverWarranty: number | null } };
type Product = { id: string; name: string; options: { colors: string[] }; variants: Variant[] };

async function catalogue(): Promise<Product[]> {
  const data = await apiQuery<{ products: { edges: { node: Product }[] } }>(
    `{ products(first: 100) { edges { node { id name options { colors }
        variants { id stockQuantity isAvailable options { color memory coverWarranty } } } } } }`,
  );
  return data.products.edges.map((e) => e.node);
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Signs in as a new verified customer with addresses (the demo customer's kind) and an empty cart. */
async function customer(context: BrowserContext): Promise<Customer> {
  return newCustomer('craft', { context });
}

async function shot(page: Page, name: string, viewport: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage: false });
  await expectNoSeriousViolations(page);
}

/** The link to `path` in the newest email to `to` that names one (demo outbox at /dev/mailbox). */
async function linkFromMailbox(page: Page, to: string, linkPath: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const emails = await page.locator('tbody a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of emails.slice(0, 3)) {
      await page.goto(href);
      const match = (await page.locator('pre').first().textContent())?.match(new RegExp(`https?://\\S*${linkPath.replace('?', '\\?')}\\S*`));
      if (match) {
        const url = new URL(match[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no ${linkPath} email to ${to}`);
}

describe.each(VIEWPORTS)('storefront craft on a $name', ({ name, viewport }) => {
  it('opens one overlay at a time: the cookie notice, then the announcement over a dimmed page', async () => {
    const { context, page } = await newPage(browser, { viewport, announcement: 'unseen' });
    await page.goto('/');
    await hydrated(page);
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await notice.getByRole('button', { name: 'I Understand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await notice.count()).toBe(0);
    await expect(page.getByTestId('announcement-backdrop').isVisible()).resolves.toBe(true);
    // The close button sits inside the dialog, not hanging off its edge.
    const box = (await dialog.boundingBox())!;
    const close = (await dialog.getByRole('button', { name: 'Close announcement' }).boundingBox())!;
    expect(close.x).toBeGreaterThanOrEqual(box.x);
    expect(close.y).toBeGreaterThanOrEqual(box.y);
    expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
    expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
    // The picture keeps its explicit size (no layout shift).
    const img = dialog.locator('img');
    expect(await img.getAttribute('width')).toBeTruthy();
    expect(await img.getAttribute('height')).toBeTruthy();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `announcement-${name}.png`) });
    await expectNoSeriousViolations(page);

    await dialog.getByRole('button', { name: 'Close announcement' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'home', name);
    await context.close();
  });

  it('shows the chosen colour in the gallery and the cart, and how few are left', async () => {
    const products = await catalogue();
    const multi = products.find((p) => p.options.colors.length >= 2 && p.options.colors.every((c) => p.variants.some((v) => v.options.color === c && v.isAvailable && v.stockQuantity >= 2)))!;
    expect(multi, 'a product in two colours').toBeTruthy();
    const { context, page } = await newPage(browser, { viewport });
    await customer(context);
    await page.goto(`/product/${encodeURIComponent(multi.id)}`);
    await hydrated(page);
    await dismissOverlays(page);
    await shot(page, 'product', name);

    const gallery = page.locator('img[src*="/media/"]').first();
    const second = multi.options.colors[1]!;
    await page.locator('label').filter({ hasText: new RegExp(`^${second}$`) }).click();
    await expect.poll(() => gallery.getAttribute('src')).toContain(slug(second));

    // Buy that colour (any memory, warranty not availed) and see its picture in the cart.
    const variant = multi.variants.find((v) => v.options.color === second && v.isAvailable && v.stockQuantity >= 2 && !v.options.coverWarranty)!;
    await page.goto(`/product/${encodeURIComponent(multi.id)}?variant=${encodeURIComponent(variant.id)}`);
    await hydrated(page);
    await expect.poll(() => page.locator('img[src*="/media/"]').first().getAttribute('src')).toContain(slug(second));
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).waitFor();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').first();
    await expect.poll(() => line.locator('img').getAttribute('src')).toContain(slug(second));
    await shot(page, 'cart', name);
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await shot(page, 'checkout', name);

    // A variant with 1 to 5 left says so beside 'ADD TO CART'.
    const few = products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.isAvailable && v.stockQuantity >= 1 && v.stockQuantity <= 5);
    expect(few, 'a variant with 5 or fewer left').toBeTruthy();
    await page.goto(`/product/${encodeURIComponent(few!.p.id)}?variant=${encodeURIComponent(few!.v.id)}`);
    await page.getByTestId('low-stock').waitFor();
    expect(await page.getByTestId('low-stock').textContent()).toBe(`Only ${few!.v.stockQuantity} left`);
    await context.close();
  });

  it('marks each invalid sign-up field and keeps what was typed', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await page.goto('/shop');
    await hydrated(page);
    await dismissOverlays(page);
    await shot(page, 'shop', name);
    await page.goto('/?open=signup');
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('First Name and Last Name should not be empty.');
    for (const label of ['First Name', 'Last Name', 'Email']) {
      const field = dialog.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid'), label).toBe('true');
      const described = await field.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described!.split(' ')[0]}"]`).textContent()).toBeTruthy();
    }
    expect(await dialog.getByLabel('Email').inputValue()).toBe('not-an-email');
    await context.close();
  });

  it('marks the invalid fields of the account and checkout address forms', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await customer(context);
    await page.goto('/account/addresses');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('button', { name: /Billing Address/ }).click();
    const billing = page.getByRole('form', { name: 'Billing Address' });
    const postal = billing.getByLabel('Postal Code');
    await postal.fill('12');
    await billing.getByRole('button', { name: 'Save Billing Address' }).click();
    await expect(billing.getByRole('alert').textContent()).resolves.toBe('Please enter the important fields');
    expect(await postal.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[id="billing-postalCode-error"]').textContent()).toBe('Enter the 4-digit postal code');
    expect(await postal.inputValue()).toBe('12');

    // Checkout: a product in the cart, pickup, then a bad phone number.
    const products = await catalogue();
    const item = products.flatMap((p) => p.variants).find((v) => v.isAvailable && v.stockQuantity >= 3)!;
    await page.goto(`/product/${encodeURIComponent(products.find((p) => p.variants.includes(item))!.id)}?variant=${encodeURIComponent(item.id)}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).waitFor();
    await page.goto('/checkout');
    await hydrated(page);
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const phone = page.locator('#billing-phone');
    await phone.waitFor();
    await phone.fill('917');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[id="billing-phone-error"]').textContent()).toBe(ADDRESS_FIELD_HINTS.phone);
    expect(await phone.inputValue()).toBe('917');
    await context.close();
  });

  it('sets a quantity above the stock to what is left and says so', async () => {
    const products = await catalogue();
    const few = products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.isAvailable && v.stockQuantity >= 1 && v.stockQuantity <= 5)!;
    expect(few, 'a variant with 5 or fewer left').toBeTruthy();
    const left = few.v.stockQuantity;
    const { context, page } = await newPage(browser, { viewport });
    const { token } = await customer(context);
    // The cart already holds every unit left; one more is asked for on the product page.
    const me = await apiQuery<{ me: { email: string; checkout: { id: string } | null } }>('{ me { email checkout { id } } }', {}, token);
    const lines = [{ variantId: few.v.id, quantity: left }];
    if (me.me.checkout) {
      await apiQuery('mutation($id: ID!, $lines: [CheckoutLineInput!]!) { checkoutLinesUpdate(checkoutId: $id, lines: $lines) { errors { message } } }', { id: me.me.checkout.id, lines }, token);
    } else {
      await apiQuery('mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { errors { message } } }', { input: { lines, email: me.me.email } }, token);
    }
    await page.goto(`/product/${encodeURIComponent(few.p.id)}?variant=${encodeURIComponent(few.v.id)}`);
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const added = page.getByRole('dialog', { name: 'Added to cart' });
    await added.waitFor();
    expect(await added.getByTestId('stock-notice').textContent()).toBe(stockClampText(left));
    await expectNoSeriousViolations(page);
    await page.goto('/cart');
    await hydrated(page);
    const line = page.getByTestId('cart-line').first();
    expect(await line.getByRole('textbox', { name: /Quantity of/ }).inputValue()).toBe(String(left));
    // The stepper stops at what can be bought.
    expect(await line.getByRole('button', { name: /Increase quantity/ }).isDisabled()).toBe(true);
    await context.close();
  });

  it('marks the invalid fields of the profile, password and bank forms and keeps what was typed', async () => {
    const { context, page } = await newPage(browser, { viewport });
    const { password: currentPassword } = await customer(context);
    await page.goto('/account/profile');
    await hydrated(page);
    await dismissOverlays(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit Profile' });
    await profile.getByLabel('First Name').fill('');
    await profile.getByLabel('Middle Name').fill('Reyes');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('alert').textContent()).resolves.toBe('Please fill in the important details.');
    const first = profile.getByLabel('First Name');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${(await first.getAttribute('aria-describedby'))!}"]`).textContent()).toBe('Enter your first name');
    expect(await profile.getByLabel('Middle Name').getAttribute('aria-invalid')).toBeNull();
    expect(await profile.getByLabel('Middle Name').inputValue()).toBe('Reyes');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Change Password' }).click();
    const password = page.getByRole('dialog', { name: 'Change Password' });
    await password.getByLabel('Current Password').fill(currentPassword);
    await password.getByLabel('New Password').fill('Bagong-Pass-2026');
    await password.getByLabel('Confirm Password').fill('Bagong-Pass-2025');
    await password.getByRole('button', { name: 'Update Password' }).click();
    await expect(password.getByRole('alert').textContent()).resolves.toBe("Password doesn't match.");
    expect(await password.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[id="password-confirm-error"]').textContent()).toBe("Password doesn't match.");
    expect(await password.getByLabel('New Password').inputValue()).toBe('Bagong-Pass-2026');
    await page.keyboard.press('Escape');
    await password.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Bank Details' }).click();
    const bank = page.getByRole('dialog', { name: 'Bank Details' });
    await bank.getByLabel('Bank', { exact: true }).selectOption('BDO');
    await bank.getByLabel('Account Name').fill('Juan Dela Cruz');
    await bank.getByLabel('Account Number').fill('12-34');
    await bank.getByRole('button', { name: 'Save' }).click();
    await expect(bank.getByRole('alert').textContent()).resolves.toBe('Account number should contain digits only.');
    expect(await bank.getByLabel('Account Number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[id="bank-account-number-error"]').textContent()).toBe('Account number should contain digits only.');
    expect(await bank.getByLabel('Account Name').inputValue()).toBe('Juan Dela Cruz');
    await context.close();
  });

  it('explains an empty tire search and offers the next step', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await page.goto('/tire-search?width=999&aspect_ratio=99&rim_diameter=99');
    await hydrated(page);
    await dismissOverlays(page);
    const empty = page.getByTestId('empty-state');
    await empty.waitFor();
    expect(await empty.getByText('No Products!', { exact: true }).count()).toBe(1);
    expect(await empty.getByRole('link', { name: 'Choose another size' }).getAttribute('href')).toBe('/tire-search');
    await expectNoSeriousViolations(page);
    await context.close();
  });

  it('changes the email and confirms it through the emailed link', async () => {
    const email = `cambio.${name}.${Date.now()}@example.com`;
    const password = 'Tamang-Pass-123';
    await apiQuery('mutation($input: AccountRegisterInput!) { accountRegister(input: $input) { errors { message } } }', {
      input: { email, password, firstName: 'Lia', lastName: 'Santos' },
    });
    const { context, page } = await newPage(browser, { viewport });
    await logIn(context, email, password);
    await page.goto('/account/profile');
    await hydrated(page);
    await dismissOverlays(page);
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    if (await verify.isVisible().catch(() => false)) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Change Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Email' });
    const newEmail = `bago.${name}.${Date.now()}@example.com`;
    // A wrong password: the API's refusal marks its field and keeps the new address typed.
    await dialog.getByLabel('New Email').fill(newEmail);
    await dialog.getByLabel('Current Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe("Password isn't valid.");
    expect(await dialog.getByLabel('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[id="email-password-error"]').textContent()).toBe("Password isn't valid.");
    expect(await dialog.getByLabel('New Email').inputValue()).toBe(newEmail);
    await dialog.getByLabel('Current Password').fill(password);
    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await dialog.getByText('Email updated!', { exact: false }).waitFor();

    const link = await linkFromMailbox(page, newEmail, '/verify?');
    await page.goto(link);
    await page.getByText('Verified email!').waitFor();
    const me = await apiQuery<{ tokenCreate: { user: { email: string; isVerified: boolean } | null } }>(
      'mutation($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { user { email isVerified } } }',
      { e: newEmail, p: password },
    );
    expect(me.tokenCreate.user).toEqual({ email: newEmail, isVerified: true });

    // A new account has no orders and an empty watchlist: each says why and what to do next.
    for (const [path, title, next] of [
      ['/account/orders', 'No recent orders!', 'Continue Shopping'],
      ['/account/watchlist', 'No products to see here', 'Continue Shopping'],
    ] as const) {
      await page.goto(path);
      const empty = page.getByTestId('empty-state');
      await empty.waitFor();
      expect(await empty.getByText(title, { exact: true }).count(), path).toBe(1);
      expect(await empty.getByRole('link', { name: next }).getAttribute('href')).toBe('/shop');
    }
    await context.close();
  });
});
