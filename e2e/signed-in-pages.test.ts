// ADR 028: a signed-in page asked again gets its <main> from stored markup and renders only the
// frame around it. Each customer still sees their own header, the page hydrates without a
// mismatch, it works without JavaScript, and the watchlist mark of one customer never shows
// on another's page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';

const MAIN_FRAGMENT_HEADER = 'x-suki-main-fragment';

let browser: Browser;
let productPath: string;
// Two customers of this journey's own (one's watchlist mark must never reach the other).
let CUSTOMER: Customer;
let OTHER: Customer;
beforeAll(async () => {
  browser = await launchBrowser();
  CUSTOMER = await newCustomer('signed-in');
  OTHER = await newCustomer('signed-in-other', { addresses: false });
  // Not the product other files use: the shop is shared by the e2e files.
  const { products } = await apiQuery<{ products: { edges: { node: { id: string } }[] } }>('{ products(first: 3) { edges { node { id } } } }');
  productPath = `/product/${encodeURIComponent(products.edges.at(-1)!.node.id)}`;
});
afterAll(async () => {
  await browser?.close();
});

/** Loads the page as this session; returns whether its <main> came from stored markup. */
async function mainFragmentOf(path: string, token: string): Promise<string | null> {
  const response = await fetch(`${baseURL()}${path}`, { headers: { cookie: `token=${token}` } });
  await response.text();
  return response.headers.get(MAIN_FRAGMENT_HEADER);
}

/** Errors the page reported: React reports a hydration mismatch as one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describe('signed-in pages with a stored <main>', () => {
  it('serves the stored markup to the next customer, with their own header, and hydrates it cleanly', async () => {
    const first = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    await mainFragmentOf('/', first);
    for (const path of ['/', productPath]) {
      await mainFragmentOf(path, first);
      expect(await mainFragmentOf(path, first)).toBe('hit');
    }

    for (const account of [OTHER, CUSTOMER]) {
      const { context, page } = await newPage(browser);
      await logIn(context, account.email, account.password);
      const errors = collectErrors(page);
      for (const path of ['/', productPath]) {
        const response = await page.goto(path);
        expect(response?.headers()[MAIN_FRAGMENT_HEADER], path).toBe('hit');
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        const header = page.locator('header');
        await expect(header.getByRole('link', { name: /^Account/ }).first().isVisible()).resolves.toBe(true);
        await expect(header.getByRole('button', { name: 'Login' }).count()).resolves.toBe(0);
        await expect(header.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
      }
      // The page is alive after hydration: a client navigation from the stored main renders the next page.
      await page.goto('/');
      await hydrated(page);
      await dismissOverlays(page);
      await page.locator('main a[href^="/product/"]').first().click();
      await page.waitForURL(/\/product\//);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a signed-in shopper without JavaScript their account and cart links', async () => {
    const token = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    await mainFragmentOf('/', token);
    const { context, page } = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    await logIn(context, CUSTOMER.email, CUSTOMER.password);
    const response = await page.goto('/');
    expect(response?.headers()[MAIN_FRAGMENT_HEADER]).toBe('hit');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /^Account/ }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("keeps one customer's watchlist mark off another's page", async () => {
    const customer = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    const other = await sessionToken(OTHER.email, OTHER.password);
    const id = decodeURIComponent(productPath.slice('/product/'.length));
    await apiQuery('mutation($id: ID!) { addToWatchlist(productId: $id) { errors { message } } }', { id }, customer);
    try {
      for (let i = 0; i < 2; i++) {
        const mine = await (await fetch(`${baseURL()}${productPath}`, { headers: { cookie: `token=${customer}` } })).text();
        const theirs = await (await fetch(`${baseURL()}${productPath}`, { headers: { cookie: `token=${other}` } })).text();
        expect(mine).toContain('REMOVE FROM WATCHLIST');
        expect(theirs).not.toContain('REMOVE FROM WATCHLIST');
        expect(theirs).toContain('ADD TO WATCHLIST');
      }
    } finally {
      const { me } = await apiQuery<{ me: { watchlist: { edges: { node: { id: string } }[] } } }>(
        '{ me { watchlist(first: 99) { edges { node { id } } } } }',
        {},
        customer,
      );
      for (const { node } of me.watchlist.edges) {
        await apiQuery('mutation($id: ID!) { removeFromWatchlist(watchlistId: $id) { errors { message } } }', { id: node.id }, customer);
      }
    }
  });
});
