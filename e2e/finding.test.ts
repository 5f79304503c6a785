// Finding products on a phone and a desktop: dense listing cards, the search box on
// every page, sort and combined filters kept in the address, and load-more addresses that open.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { apiQuery, cardPrices, dismissOverlays, hydrated } from './catalogue-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const formatViolations = (violations: Awaited<ReturnType<typeof seriousA11yViolations>>) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);
const descending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

/** Cards whose whole box is inside the first screen. */
async function cardsInFirstScreen(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('main article')].filter((card) => {
        const box = card.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
      }).length,
  );
}

describe('finding products on a 390x844 phone', () => {
  it('shows at least 4 whole product cards in the first screen, with one-line buttons and whole-percent badges', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/shop');
    await hydrated(page);
    await dismissOverlays(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await cardsInFirstScreen(page)).toBeGreaterThanOrEqual(4);

    // VIEW PRODUCT stays on one line: its box is no taller than one line of its text plus padding.
    const heights = await page
      .locator('main article')
      .getByRole('link', { name: /^View product / })
      .evaluateAll((links) => links.map((l) => [l.getBoundingClientRect().height, parseFloat(getComputedStyle(l).lineHeight)]));
    for (const [height, lineHeight] of heights) expect(height).toBeLessThan(lineHeight! * 2);

    // Discount badges in whole percent (-17%, never -16.81%).
    await page.goto('/shop/best-deals/today');
    const badges = await page.locator('main article span.bg-red-700').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(badge).toMatch(/^-\d{1,2}% off$/);

    // Every card picture keeps its size (no layout shift).
    const unsized = await page.locator('main article img').evaluateAll((imgs) => imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).length);
    expect(unsized).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);
    await context.close();
  });

  it('has a search box on the page itself, outside the menu, that searches', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    await hydrated(page);
    await dismissOverlays(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    expect(await search.count()).toBe(1);
    expect(await search.isVisible()).toBe(true);
    await search.fill('samsung galaxy');
    await search.press('Enter');
    await page.waitForURL(/\/shop\?query=samsung\+galaxy/);
    await page.getByRole('heading', { level: 1, name: 'Search Results' }).waitFor();
    const names = await page.locator('main article h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(/Samsung Galaxy/);
    // The box shows what was searched.
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('samsung galaxy');
    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);
    await context.close();
  });

  it('renders a load-more address opened directly', async () => {
    const first = await apiQuery<{ products: { pageInfo: { endCursor: string }; edges: { node: { name: string } }[] } }>(
      '{ products(first: 20, sortBy: { field: PRICE, direction: ASC }) { pageInfo { endCursor } edges { node { name } } } }',
    );
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const response = await page.goto(`/shop?sort=price-asc&more=products&after=${encodeURIComponent(first.products.pageInfo.endCursor)}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(ascending(prices)).toBe(true);
    // The list starts after the first 20, with a way back to its start.
    const names = await page.locator('main article h3').allTextContents();
    expect(names).not.toContain(first.products.edges[0]!.node.name);
    await page.getByRole('link', { name: 'Back to the first products' }).click();
    await page.waitForURL((url) => url.pathname === '/shop' && url.search === '?sort=price-asc');
    await page.getByText(/^Showing 20 of \d+$/).waitFor();

    // The sidebar's Show More addresses open as the shop page too.
    await page.goto('/shop?more=brands&after=abc');
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('finding products on a 1366x768 desktop', () => {
  it('sorts by price on the server, and the order survives reload and back', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await page.goto('/shop');
    await hydrated(page);
    await dismissOverlays(page);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Price: Low to High' });
    await page.waitForURL(/\/shop\?sort=price-asc$/);
    // The cards change once the new list has loaded.
    await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);

    // Load More continues in the same order.
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForFunction(() => document.querySelectorAll('main ul.grid > li').length === 40);
    const forty = await cardPrices(page);
    expect(forty).toHaveLength(40);
    expect(ascending(forty)).toBe(true);

    await page.reload();
    await hydrated(page);
    expect(await sort.inputValue()).toBe('price-asc');
    expect(ascending(await cardPrices(page))).toBe(true);

    await sort.selectOption({ label: 'Price: High to Low' });
    await page.waitForURL(/\/shop\?sort=price-desc$/);
    await page.waitForFunction(() => (document.querySelector('#sort') as HTMLSelectElement | null)?.value === 'price-desc');
    await expect.poll(async () => descending(await cardPrices(page))).toBe(true);
    const high = await cardPrices(page);
    expect(high[0]).toBeGreaterThan(forty[0]!);

    await page.goBack();
    await page.waitForURL(/\/shop\?sort=price-asc$/);
    await page.waitForFunction(() => (document.querySelector('#sort') as HTMLSelectElement | null)?.value === 'price-asc');
    await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);

    // The other orders answer too.
    for (const label of ['Newest', 'Best Rated', 'Best Selling']) {
      await sort.selectOption({ label });
      await page.waitForURL(/sort=(newest|best-rated|best-selling)$/);
      expect(await page.locator('main article').count()).toBeGreaterThan(0);
    }
    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);
    await context.close();
  });

  it('combines a category with a brand, keeps both on reload and back, and keeps the sort', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await page.goto('/shop?sort=price-asc');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Mobile Phones' }).click();
    await page.waitForURL(/\/shop\/category\/[^?]+\?sort=price-asc$/);
    await page.getByRole('heading', { level: 1, name: 'Mobile Phones' }).waitFor();
    const categoryUrl = page.url();

    const brands = page.getByRole('region', { name: 'Brands' }).getByRole('link');
    const brandNames = await brands.allTextContents();
    const brandName = brandNames.find((n) => /Samsung|Apple/.test(n)) ?? brandNames[0]!;
    await brands.filter({ hasText: brandName }).first().click();
    // The category stays in the path; the brand and the sort sit beside it.
    await page.waitForURL(/\/shop\/category\/[^?]+\?brand=[^&]+&sort=price-asc$/);
    const heading = page.getByRole('heading', { level: 1, name: `${brandName} Mobile Phones` });
    await heading.waitFor();
    const check = async () => {
      const names = await page.locator('main article h3').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toContain(brandName);
      expect(ascending(await cardPrices(page))).toBe(true);
      const active = page.locator('#shop-filters a[aria-current="true"]');
      expect(await active.count()).toBe(2);
    };
    await check();

    await page.reload();
    await hydrated(page);
    await heading.waitFor();
    await check();

    // Choosing the brand again removes it and keeps the category.
    await page.locator('#shop-filters a[aria-current="true"]', { hasText: brandName }).click();
    await page.waitForURL(categoryUrl);
    await page.goBack();
    await page.waitForURL(/\?brand=[^&]+&sort=price-asc$/);
    await heading.waitFor();
    await check();

    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);

    // From a brand's page, choosing a category keeps the brand too.
    const brandId = new URL(page.url()).searchParams.get('brand')!;
    await page.goto(`/shop/brand/${encodeURIComponent(brandId)}`);
    await hydrated(page);
    await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Mobile Phones' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/shop/category/') && url.searchParams.get('brand') === brandId);
    await heading.waitFor();
    await context.close();
  });
});
