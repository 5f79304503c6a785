// ADR 055: a signed-in shopper's public page is the visitors' stored page, its personal parts
// (the header's account links and counts, the product page's watchlist mark) filled in after
// hydration by one request of the session's own. Each customer still sees their own header,
// the page hydrates without a mismatch, it works without JavaScript, and the watchlist mark of
// one customer never shows on another's page. Cart and account pages are rendered for the
// session, their <main> stored by its loader data (ADR 028).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';

const PAGE_CACHE_HEADER = 'x-suki-page-cache';

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

/** Loads the page as this session (or as a visitor): its HTML and page-cache mark. */
async function pageOf(path: string, token?: string): Promise<{ html: string; cache: string | null }> {
  const response = await fetch(`${baseURL()}${path}`, { headers: token ? { cookie: `token=${token}` } : {} });
  return { html: await response.text(), cache: response.headers.get(PAGE_CACHE_HEADER) };
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

describe("signed-in shoppers' public pages", () => {
  it("serves the visitors' stored page, fills in each customer's own header, and hydrates it cleanly", async () => {
    const first = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    for (const path of ['/', productPath]) {
      await pageOf(path);
      const visitor = await pageOf(path);
      const signedIn = await pageOf(path, first);
      expect(signedIn.cache, path).toBe('hit');
      // The same bytes as a visitor's: nothing of the customer's in them.
      expect(signedIn.html).toBe(visitor.html);
      expect(signedIn.html).not.toContain(CUSTOMER.email);
    }

    for (const account of [OTHER, CUSTOMER]) {
      const { context, page } = await newPage(browser);
      await logIn(context, account.email, account.password);
      const errors = collectErrors(page);
      for (const path of ['/', productPath]) {
        const response = await page.goto(path);
        expect(response?.headers()[PAGE_CACHE_HEADER], path).toBe('hit');
        await hydrated(page);
        const header = page.locator('header');
        await expect(header.getByRole('link', { name: /^Account/ }).first().isVisible()).resolves.toBe(true);
        await expect(header.getByRole('button', { name: 'Login' }).count()).resolves.toBe(0);
        await expect(header.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
      }
      // The page is alive after hydration: a client navigation from it renders the next page.
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

  it("never flashes the visitors' Sign Up and Login at a signed-in shopper before the fill", async () => {
    await pageOf('/');
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await logIn(context, CUSTOMER.email, CUSTOMER.password);
    // The page's modules never arrive: the head's script alone has run, as in the moment before
    // hydration and the fill.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    const response = await page.goto('/');
    expect(response?.headers()[PAGE_CACHE_HEADER]).toBe('hit');
    await expect(page.evaluate(() => document.documentElement.dataset.personalFill)).resolves.toBe('pending');
    // Read at a fixed moment of the CSS fallback's clock, not the wall's (a loaded machine may take
    // longer than its 4 s to load the page): hidden before it, visible after.
    const visibilityAt = (ms: number) =>
      page.evaluate((at) => {
        const links = [...document.querySelectorAll<HTMLElement>('nav[aria-label="Main"] [data-visitor-only]')];
        for (const animation of document.getAnimations()) {
          animation.pause();
          animation.currentTime = at;
        }
        return links.map((link) => `${link.textContent}: ${getComputedStyle(link).visibility}`);
      }, ms);
    await expect(visibilityAt(0)).resolves.toEqual(['Sign Up: hidden', 'Login: hidden']);
    // Should the script never run, the links come back by CSS alone after a few seconds.
    await expect(visibilityAt(4_001)).resolves.toEqual(['Sign Up: visible', 'Login: visible']);
    await context.close();
  });

  it('gives a signed-in shopper without JavaScript links to their account and cart', async () => {
    const token = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    await pageOf('/');
    expect((await pageOf('/', token)).cache).toBe('hit');
    const { context, page } = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    await logIn(context, CUSTOMER.email, CUSTOMER.password);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Cart', exact: true }).isVisible()).resolves.toBe(true);
    await nav.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(/\/account$/);
    // The account page is the session's own: its header has the shopper's links and Logout.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("keeps one customer's watchlist mark off another's page", async () => {
    const customer = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    const other = await sessionToken(OTHER.email, OTHER.password);
    const id = decodeURIComponent(productPath.slice('/product/'.length));
    await apiQuery('mutation($id: ID!) { addToWatchlist(productId: $id) { errors { message } } }', { id }, customer);
    try {
      // The HTML is the visitors' for both: no mark in it.
      for (const token of [customer, other]) expect((await pageOf(productPath, token)).html).not.toContain('REMOVE FROM WATCHLIST');
      for (const [account, mark] of [[CUSTOMER, 'REMOVE FROM WATCHLIST'], [OTHER, 'ADD TO WATCHLIST'], [CUSTOMER, 'REMOVE FROM WATCHLIST']] as const) {
        const { context, page } = await newPage(browser);
        await logIn(context, account.email, account.password);
        await page.goto(productPath);
        await hydrated(page);
        const main = page.locator('main');
        await expect(main.getByRole('button', { name: mark }).first().isVisible(), account.email).resolves.toBe(true);
        if (mark === 'ADD TO WATCHLIST') await expect(main.getByText('REMOVE FROM WATCHLIST').count()).resolves.toBe(0);
        await context.close();
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

  it("fills the header from the front's small JSON, not the root loader's data request", async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, CUSTOMER.email, CUSTOMER.password);
    for (const path of ['/', productPath]) {
      // Stored as the visitors' page, so the session is served it and fills it in.
      await pageOf(path);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await page.goto(path);
      await hydrated(page);
      page.removeAllListeners('request');
      const data = asked.filter((url) => url.includes('.data') || url.startsWith('/_personal.json'));
      // The pages keep their loaders' data during the fill: the JSON alone, a product's asking
      // its watchlist mark with it.
      const id = encodeURIComponent(decodeURIComponent(productPath.slice('/product/'.length)));
      expect(data, path).toEqual([path === '/' ? '/_personal.json' : `/_personal.json?product=${id}`]);
      await expect(page.locator('header').getByRole('link', { name: /^Account/ }).first().isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  it("falls back to the loaders' data request when the fill's JSON fails, and still shows the session's header", async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, CUSTOMER.email, CUSTOMER.password);
    await page.route('**/_personal.json*', (route) => route.fulfill({ status: 503, body: 'busy' }));
    await pageOf('/');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const response = await page.goto('/');
    expect(response?.headers()[PAGE_CACHE_HEADER]).toBe('hit');
    await hydrated(page);
    expect(asked.filter((path) => path.endsWith('.data'))).toHaveLength(1);
    await expect(page.locator('header').getByRole('link', { name: /^Account/ }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("shows the customer's own watchlist mark from the fill's JSON, and the loader's after an action", async () => {
    const token = await sessionToken(CUSTOMER.email, CUSTOMER.password);
    const id = decodeURIComponent(productPath.slice('/product/'.length));
    await apiQuery('mutation($id: ID!) { addToWatchlist(productId: $id) { errors { message } } }', { id }, token);
    try {
      const { context, page } = await newPage(browser);
      await logIn(context, CUSTOMER.email, CUSTOMER.password);
      await pageOf(productPath);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      const response = await page.goto(productPath);
      expect(response?.headers()[PAGE_CACHE_HEADER]).toBe('hit');
      await hydrated(page);
      const main = page.locator('main');
      await expect(main.getByRole('button', { name: 'REMOVE FROM WATCHLIST' }).isVisible()).resolves.toBe(true);
      expect(asked.filter((path) => path.endsWith('.data'))).toEqual([]);
      // After an action the product's loader answers for the session, as before the fill.
      await dismissOverlays(page);
      const afterAction: string[] = [];
      page.on('request', (request) => request.url().includes('.data') && afterAction.push(request.method()));
      await main.getByRole('button', { name: 'REMOVE FROM WATCHLIST' }).click();
      await main.getByRole('button', { name: 'ADD TO WATCHLIST' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expect(main.getByRole('button', { name: 'ADD TO WATCHLIST' }).isVisible()).resolves.toBe(true);
      // The action, then one request for the root's and the product's data together (a root
      // clientLoader would ask the root's in a request of its own).
      expect(afterAction).toEqual(['POST', 'GET']);
      await page.reload();
      await hydrated(page);
      await expect(main.getByRole('button', { name: 'ADD TO WATCHLIST' }).isVisible()).resolves.toBe(true);
      await context.close();
    } finally {
      const { me } = await apiQuery<{ me: { watchlist: { edges: { node: { id: string } }[] } } }>('{ me { watchlist(first: 99) { edges { node { id } } } } }', {}, token);
      for (const { node } of me.watchlist.edges) {
        await apiQuery('mutation($id: ID!) { removeFromWatchlist(watchlistId: $id) { errors { message } } }', { id: node.id }, token);
      }
    }
  });

  it('lets a click on ADD TO CART or the watchlist before the fill lands act for the session, not prompt a sign-in', async () => {
    type Found = { products: { edges: { node: { id: string; productType: { name: string | null; isAgeRestricted: boolean | null } | null; variants: { isAvailable: boolean }[] } }[] } };
    const found = await apiQuery<Found>('{ products(first: 100) { edges { node { id productType { name isAgeRestricted } variants { isAvailable } } } } }');
    const simple = found.products.edges
      .map((e) => e.node)
      .find((p) => p.variants.length === 1 && p.variants[0]!.isAvailable && !p.productType?.isAgeRestricted && !/voucher/i.test(p.productType?.name ?? ''));
    expect(simple).toBeDefined();
    const path = `/product/${encodeURIComponent(simple!.id)}`;
    const { context, page } = await newPage(browser);
    const token = await logIn(context, CUSTOMER.email, CUSTOMER.password);
    // The fill's answer is held back until both clicks are made.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_personal.json*', async (route) => {
      await held;
      await route.continue();
    });
    await pageOf(path);
    const response = await page.goto(path);
    expect(response?.headers()[PAGE_CACHE_HEADER]).toBe('hit');
    // Hydrated, the fill asked and not answered: the page still says visitor.
    await page.waitForFunction(() => document.documentElement.dataset.personalFill === 'filling');
    // dismissOverlays waits for the fill: the cookie notice is accepted here instead.
    const cookies = page.getByRole('button', { name: 'I Understand' });
    if (await cookies.isVisible().catch(() => false)) await cookies.click();
    const main = page.locator('main');
    await main.getByRole('button', { name: 'ADD TO WATCHLIST' }).click();
    // Enabled: the fetcher is idle, its action and the revalidation after it answered; the mark
    // is the product loader's for the session, not only the pending form's (which it showed
    // while the action ran, then the visitor's again when only the root was asked).
    await main.getByRole('button', { name: 'REMOVE FROM WATCHLIST', disabled: false }).waitFor();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).waitFor();
    await expect(page.getByText('Please signup/login to unlock add to cart').count()).resolves.toBe(0);
    await expect(main.getByText('Please signup/login', { exact: false }).count()).resolves.toBe(0);
    release();
    await hydrated(page);
    await context.close();
    type Mine = { me: { checkout: { lines: { variant: { product: { id: string } } }[] } | null; watchlist: { edges: { node: { id: string; product: { id: string } } }[] } } };
    const { me } = await apiQuery<Mine>('{ me { checkout { lines { variant { product { id } } } } watchlist(first: 99) { edges { node { id product { id } } } } } }', {}, token);
    expect(me.checkout?.lines.map((l) => l.variant.product.id)).toContain(simple!.id);
    expect(me.watchlist.edges.map((e) => e.node.product.id)).toContain(simple!.id);
    for (const { node } of me.watchlist.edges) {
      await apiQuery('mutation($id: ID!) { removeFromWatchlist(watchlistId: $id) { errors { message } } }', { id: node.id }, token);
    }
  });

  it("renders the cart and account pages for the session, each customer's own", async () => {
    for (const account of [CUSTOMER, OTHER]) {
      const token = await sessionToken(account.email, account.password);
      for (const path of ['/cart', '/account']) {
        const { html, cache } = await pageOf(path, token);
        expect(cache, path).toBeNull();
        expect(html, path).toContain('Logout');
      }
    }
  });
});
