// Staff's catalogue screens: a staff member creates a product with a variant and an
// image, and a visitor finds it in /shop; the staff member changes its price inline and the
// product page shows the new price. A refused form marks its fields and keeps what was typed.
// axe finds nothing serious or critical on the new pages.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { logIn } from './catalogue-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('staff catalogue', () => {
  it('creates a product with a variant and an image that visitors find, and reprices it', async () => {
    const name = `Suki Test Phone ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');

    await page.goto('/staff/products?lowStock=1');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).waitFor();
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
    await expectNoSeriousViolations(page);

    // Refused: the fields say why and keep what was typed.
    await page.getByLabel('Base price (₱)').fill('abc');
    await page.getByRole('button', { name: 'Create product' }).click();
    const nameField = page.getByLabel('Name', { exact: true });
    await page.getByRole('alert').getByText('Please enter a name.').waitFor();
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Please choose a category.').count()).toBe(1);
    expect(await page.getByLabel('Base price (₱)').inputValue()).toBe('abc');
    expect(await page.getByLabel('Base price (₱)').getAttribute('aria-describedby')).toContain('error');
    await expectNoSeriousViolations(page);

    await nameField.fill(name);
    await page.getByLabel('Product type').selectOption({ label: 'Smartphone' });
    await page.getByLabel('Category').selectOption({ label: 'Mobile Phones' });
    await page.getByLabel('Base price (₱)').fill('12,345');
    await page.getByLabel('Free shipping').check();
    await page.getByLabel('Attributes').fill('Display: 6.5" AMOLED\nBattery: 5000 mAh');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/staff\/products\/\d+$/);

    await page.getByLabel('Variant name').fill('Black / 256GB');
    await page.getByLabel('SKU', { exact: true }).fill(`E2E-${Date.now()}`);
    await page.getByLabel('Price (₱)', { exact: true }).fill('12345');
    await page.getByLabel('Stock', { exact: true }).fill('7');
    await page.getByLabel('Colour', { exact: true }).fill('Black');
    await page.getByLabel('Storage', { exact: true }).fill('256GB');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('status').getByText('Variant added.').waitFor();
    await page.getByRole('cell', { name: 'Black / 256GB', exact: true }).waitFor();

    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#cc3366' } }).png().toBuffer();
    await page.getByLabel('Image file (up to 5 MB)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: picture });
    await page.locator('#upload-alt').fill('Front of the test phone');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('status').getByText('Image uploaded.').waitFor();
    const uploaded = page.getByRole('img', { name: 'Front of the test phone' });
    await uploaded.waitFor();
    expect(await uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousViolations(page);
    const productPath = await page.getByRole('link', { name: 'View in the shop' }).getAttribute('href');
    expect(productPath).toMatch(/^\/product\//);

    // A visitor (no session) finds it in the shop and sees its price and picture.
    const visitor = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await visitor.page.goto(`/shop?query=${encodeURIComponent(name)}`);
    await visitor.page.getByText(name).first().waitFor();
    await visitor.page.goto(productPath!);
    await visitor.page.getByRole('heading', { name, level: 1 }).waitFor();
    await visitor.page.getByText(/12,345/).first().waitFor();

    // Staff reprice the variant inline; the visitor's next visit shows it.
    await page.getByLabel('Price of Black / 256GB').fill('9999.50');
    await page.getByRole('button', { name: 'Save Black / 256GB' }).click();
    await page.getByRole('status').getByText('Variant saved.').waitFor();
    await page.reload();
    expect(await page.getByLabel('Price of Black / 256GB').inputValue()).toBe('9999.5');
    await visitor.page.goto(productPath!);
    await visitor.page.getByRole('heading', { name, level: 1 }).waitFor();
    await visitor.page.getByText(/9,999\.50/).first().waitFor();
    expect(await visitor.page.getByText(/12,345/).count()).toBe(0);
    await visitor.context.close();

    // A refused inline edit marks the row's field.
    await page.getByLabel('Stock of Black / 256GB').fill('-3');
    await page.getByRole('button', { name: 'Save Black / 256GB' }).click();
    await page.getByRole('alert').getByText('Stock must be a whole number from 0 to 1,000,000.').waitFor();
    expect(await page.getByLabel('Stock of Black / 256GB').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Stock of Black / 256GB').inputValue()).toBe('-3');
    await expectNoSeriousViolations(page);
    await context.close();
  });
});

describe('staff catalogue organisation', () => {
  it('adds a brand, a category and a collection from their pages, and axe finds nothing serious', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    const suffix = Date.now().toString(36);

    await page.goto('/staff/brands');
    await page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Add brand' }).click();
    await page.getByRole('alert').getByText('Please enter a name.').waitFor();
    expect(await page.locator('#new-name').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#new-name').fill(`Brand ${suffix}`);
    await page.locator('#new-isFeatured').check();
    await page.getByRole('button', { name: 'Add brand' }).click();
    await page.getByRole('status').getByText('Created.').waitFor();
    await page.getByRole('heading', { name: `Brand ${suffix}` }).waitFor();

    await page.goto('/staff/categories');
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await expectNoSeriousViolations(page);
    await page.locator('#new-name').fill(`Category ${suffix}`);
    await page.locator('#new-parent').selectOption({ label: 'Mobile Phones' });
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('status').getByText('Created.').waitFor();

    await page.goto('/staff/collections');
    await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
    await page.locator('#new-name').fill(`Collection ${suffix}`);
    await page.getByRole('button', { name: 'Add collection' }).click();
    await page.getByRole('status').getByText('Created.').waitFor();
    await page.getByRole('heading', { name: `Collection ${suffix}` }).waitFor();
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
