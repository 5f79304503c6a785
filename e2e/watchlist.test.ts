// The watchlist: a visitor is asked to log in; a new customer adds a product from its page,
// finds it on /account/watchlist, removes it and sees the empty state; the same without
// JavaScript (the forms post to route actions). axe finds nothing serious or critical.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { apiQuery, dismissOverlays, hydrated } from './catalogue-helpers';
import { newCustomer } from './customers';

let browser: Browser;
let product: { id: string; name: string };
beforeAll(async () => {
  browser = await launchBrowser();
  const { products } = await apiQuery<{ products: { edges: { node: { id: string; name: string } }[] } }>(
    '{ products(first: 1) { edges { node { id name } } } }',
  );
  product = products.edges[0]!.node;
});
afterAll(async () => {
  await browser?.close();
});

const productPath = () => `/product/${encodeURIComponent(product.id)}`;

describe('watchlist', () => {
  it('asks a visitor to log in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(productPath());
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('button', { name: 'ADD TO WATCHLIST' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please signup/login to continue.' });
    await expect(alert.isVisible()).resolves.toBe(true);
    // Login opens over this product, so signing in comes back to it.
    await expect(alert.getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe(`${productPath()}?open=login`);
    await alert.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(productPath());
    await context.close();
  });

  it('adds from the product page, lists, removes, and shows the empty state', async () => {
    const { context, page } = await newPage(browser);
    await newCustomer('watchlist', { context, addresses: false });

    await page.goto('/account/watchlist');
    await page.getByText('No products to see here').waitFor();
    await expect(page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).resolves.toBe('/shop');
    await expectNoSeriousViolations(page);

    await page.goto(productPath());
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('button', { name: 'ADD TO WATCHLIST' }).click();
    await page.getByRole('button', { name: 'REMOVE FROM WATCHLIST' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page);
    // Kept on the server: a fresh load shows it too.
    await page.reload();
    await page.getByRole('button', { name: 'REMOVE FROM WATCHLIST' }).waitFor();

    await page.goto('/account/watchlist');
    const card = page.getByRole('article', { name: new RegExp(escapeRegExp(product.name)) });
    await card.waitFor();
    await expect(card.getByRole('link', { name: /^View Product/ }).getAttribute('href')).resolves.toBe(productPath());
    await expect(page.getByRole('article').count()).resolves.toBe(1);
    await expectNoSeriousViolations(page);

    await hydrated(page);
    await card.getByRole('button', { name: /^Remove/ }).click();
    await page.getByText('No products to see here').waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);

    // The product page agrees.
    await page.goto(productPath());
    await page.getByRole('button', { name: 'ADD TO WATCHLIST' }).waitFor();
    await context.close();
  });

  it('works without JavaScript', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await newCustomer('watchlist-no-js', { context, addresses: false });

    await page.goto(productPath());
    await page.getByRole('button', { name: 'ADD TO WATCHLIST' }).click();
    await page.getByRole('button', { name: 'REMOVE FROM WATCHLIST' }).waitFor();

    await page.goto('/account/watchlist');
    await page.getByRole('button', { name: /^Remove/ }).click();
    await page.getByText('No products to see here').waitFor();
    await context.close();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
