// The shop's main pages as a shopper and staff see them, on a 390x844 phone and a 1366x768
// laptop: each page is checked (axe, no sideways scroll, prices on one line, six product cards
// in the phone's first screen of /shop) and written whole to e2e/screenshots/<page>-<width>.png,
// committed so a reviewer sees the pages without running the shop.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated, logIn } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
import { placeBankDepositOrder, type Placed } from './order-helpers';

const SCREENSHOT_DIR = path.resolve('e2e/screenshots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

let browser: Browser;
let customer: Customer;
let order: Placed;
let productPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  customer = await newCustomer('screenshots');
  order = await placeBankDepositOrder(customer.token);
  // A product shoppers have rated, so its page shows stars with their value.
  const { products } = await apiQuery<{ products: { edges: { node: { id: string; reviewCount: number | null; isPreOrder: boolean } }[] } }>(
    '{ products(first: 40) { edges { node { id reviewCount isPreOrder } } } }',
  );
  const rated = products.edges.map((e) => e.node).find((p) => (p.reviewCount ?? 0) > 0 && !p.isPreOrder) ?? products.edges[0]!.node;
  productPath = `/product/${encodeURIComponent(rated.id)}`;
});

afterAll(async () => {
  await browser?.close();
});

/** Scrolls through the page so lazy pictures load, then back to the top once they have. */
async function loadWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.8)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * Checks the page and writes its screenshot (the whole page) as <name>-<width>.png. The back
 * office is made for a laptop: on a phone its wide tables may scroll sideways.
 */
async function capture(page: Page, name: string, width: number, { wideTables = false } = {}): Promise<void> {
  await hydrated(page);
  await dismissOverlays(page);
  await loadWholePage(page);
  if (!wideTables) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `${name} scrolls sideways at ${width} px`).toBe(false);
  }
  // A price never breaks over two lines (on cards, in the cart, in totals).
  const wrapped = await page.locator('main article p span.font-bold').evaluateAll((spans) =>
    spans.filter((s) => s.getBoundingClientRect().height > parseFloat(getComputedStyle(s).lineHeight) * 1.5).map((s) => s.textContent),
  );
  expect(wrapped, `${name}: prices on two lines at ${width} px`).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  await expectNoSeriousViolations(page);
}

/** Product cards whose whole box is inside the first screen. */
async function cardsInFirstScreen(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('main article')].filter((card) => {
        const box = card.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
      }).length,
  );
}

/** Two lines in the customer's cart (the order above emptied it), as ADD TO CART posts them. */
async function fillCart(page: Page): Promise<void> {
  const { products } = await apiQuery<{
    products: { edges: { node: { isPreOrder: boolean; productType: { name: string } | null; variants: { id: string; stockQuantity: number | null }[] | null } }[] };
  }>('{ products(first: 40) { edges { node { isPreOrder productType { name } variants { id stockQuantity } } } } }');
  const variants = products.edges
    .filter((e) => !e.node.isPreOrder && e.node.productType?.name !== 'Voucher')
    .map((e) => e.node.variants?.find((v) => (v.stockQuantity ?? 0) >= 3)?.id)
    .filter((id): id is string => Boolean(id));
  const { me } = await apiQuery<{ me: { checkout: { lines: { id: string }[] } | null } }>('{ me { checkout { lines { id } } } }', {}, customer.token);
  if ((me.checkout?.lines.length ?? 0) > 0) return;
  for (const variantId of [variants[0]!, variants[4]!]) {
    const added = await page.request.post('/cart', { form: { intent: 'addToCart', variantId, quantity: '1' }, headers: { accept: 'application/json' } });
    expect(added.ok()).toBe(true);
  }
}

/** The order's page for its customer; through the orders list if the address has moved. */
async function openOrderDetails(page: Page): Promise<void> {
  const response = await page.goto(`/account/order-details/${order.number}`);
  if (response?.ok()) return;
  await page.goto('/account/orders');
  await page.locator(`a[href*="${order.number}"]`).first().click();
  await page.getByText(order.referenceKey).first().waitFor();
}

/** The staff order page, opened from the orders table as staff do. */
async function openStaffOrder(page: Page): Promise<void> {
  await page.goto(`/staff/orders?search=${order.referenceKey}`);
  await page.getByRole('link', { name: order.referenceKey }).first().click();
  await page.waitForURL(/\/staff\/orders\/[^/?]+/);
  await page.getByRole('heading', { name: new RegExp(order.referenceKey) }).first().waitFor();
}

async function signedIn(viewport: { width: number; height: number }, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { viewport, cookies: 'accepted' });
  await logIn(opened.context, email, password);
  return opened;
}

describe.each(VIEWPORTS)('screenshots at $width px', (viewport) => {
  const { width } = viewport;

  it('home, shop and product as a visitor', async () => {
    const { context, page } = await newPage(browser, { viewport, cookies: 'accepted' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'BEST DEALS', exact: true }).waitFor();
    await capture(page, 'home', width);

    await page.goto('/shop');
    await hydrated(page);
    if (width < 500) expect(await cardsInFirstScreen(page), 'whole product cards in the first phone screen of /shop').toBeGreaterThanOrEqual(6);
    await capture(page, 'shop', width);

    await page.goto(productPath);
    await page.getByRole('button', { name: 'ADD TO CART' }).waitFor();
    await capture(page, 'product', width);
    await context.close();
  });

  it('cart, checkout, order details and account as the customer', async () => {
    const { context, page } = await signedIn(viewport, customer.email, customer.password);
    await page.goto('/');
    await fillCart(page);
    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    await capture(page, 'cart', width);

    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await capture(page, 'checkout', width);

    await openOrderDetails(page);
    await page.getByText(order.referenceKey).first().waitFor();
    await capture(page, 'order-details', width);

    await page.goto('/account');
    await hydrated(page);
    await capture(page, 'account', width);
    await context.close();
  });

  it('the orders table and an order as staff', async () => {
    const { context, page } = await signedIn(viewport, 'staff@example.com', 'staff123');
    await page.goto('/staff/orders');
    await page.getByRole('link', { name: order.referenceKey }).first().waitFor();
    await capture(page, 'staff-orders', width, { wideTables: true });

    await openStaffOrder(page);
    await capture(page, 'staff-order', width, { wideTables: true });
    await context.close();
  });
});
