import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { apiQuery, dismissOverlays, hydrated } from './catalogue-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The options of a select, without its "Select ..." placeholder. */
async function choices(page: Page, label: string): Promise<string[]> {
  // The address changes before React commits the navigation's render (a transition), so wait
  // for the select to offer a real option rather than read the previous render's empty one.
  const select = page.getByLabel(label, { exact: true });
  await select.locator('option:not([value=""])').first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  return values.filter(Boolean);
}

async function choose(page: Page, label: string, value: string, param: string) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await page.waitForURL(new RegExp(`[?&]${param}=${value}`));
  await hydrated(page);
}

describe('tire search', () => {
  it('narrows width, aspect ratio and rim diameter, then lists matching tires', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/tire-search');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByText('Tires are delivered within Metro Manila only, with extra shipping.').waitFor();
    expect(await page.getByLabel('Aspect Ratio', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Rim Diameter', { exact: true }).isDisabled()).toBe(true);

    const widths = await choices(page, 'Width');
    expect(widths.length).toBeGreaterThan(1);
    await choose(page, 'Width', widths.includes('205') ? '205' : widths[0], 'width');
    const ratios = await choices(page, 'Aspect Ratio');
    expect(ratios.length).toBeGreaterThan(0);
    await choose(page, 'Aspect Ratio', ratios[0], 'aspect_ratio');
    expect(await page.getByRole('heading', { name: /^Tires in/ }).count()).toBe(0);
    const rims = await choices(page, 'Rim Diameter');
    expect(rims.length).toBeGreaterThan(0);
    await choose(page, 'Rim Diameter', rims[0], 'rim_diameter');

    const url = new URL(page.url());
    const size = `${url.searchParams.get('width')}/${url.searchParams.get('aspect_ratio')} R${url.searchParams.get('rim_diameter')}`;
    await page.getByRole('heading', { name: `Tires in ${size}` }).waitFor();
    const names = await page.locator('main article h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(20);
    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);

    // Choosing aspect ratio again resets rim diameter; choosing width resets both.
    if (ratios.length > 1) {
      await choose(page, 'Aspect Ratio', ratios[1], 'aspect_ratio');
      expect(new URL(page.url()).searchParams.has('rim_diameter')).toBe(false);
    }
    const otherWidth = widths.find((w) => w !== url.searchParams.get('width'))!;
    await choose(page, 'Width', otherWidth, 'width');
    const after = new URL(page.url()).searchParams;
    expect(after.has('aspect_ratio')).toBe(false);
    expect(after.has('rim_diameter')).toBe(false);
    await context.close();
  });

  it('loads more tires 20 at a time for a well-stocked size', async () => {
    // 205/55 R16 is the demo's best-stocked size; its count comes from the API, not from ids.
    const { tires } = await apiQuery<{ tires: { totalCount: number } }>(
      `{ tires(first: 1, filter: { width: 205, aspectRatio: 55, rimDiameter: 16 }) { totalCount } }`,
    );
    expect(tires.totalCount).toBeGreaterThan(20);
    const { context, page } = await newPage(browser);
    await page.goto('/tire-search?width=205&aspect_ratio=55&rim_diameter=16');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('heading', { name: /^Tires in 205\/55 R16/ }).waitFor();
    const cards = page.locator('main article h3');
    expect(await cards.count()).toBe(20);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForFunction(
      (total) => document.querySelectorAll('main article h3').length === Math.min(total, 40),
      tires.totalCount,
    );
    const names = await cards.allTextContents();
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => n.includes('205/55 R16'))).toBe(true);
    await context.close();
  });

  it("honours /tire-search/{type}/{id}: one brand's tires, its sizes only", async () => {
    const { tires } = await apiQuery<{ tires: { edges: { node: { product: { brand: { id: string; name: string } } } }[] } }>(
      `{ tires(first: 1) { edges { node { product { brand { id name } } } } } }`,
    );
    const brand = tires.edges[0]!.node.product.brand;
    const { context, page } = await newPage(browser);
    await page.goto(`/tire-search/brand/${encodeURIComponent(brand.id)}`);
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('heading', { level: 1, name: `${brand.name} Tires` }).waitFor();
    const { tireAttributeValues: brandWidths } = await apiQuery<{ tireAttributeValues: string[] }>(
      `query($brand: ID) { tireAttributeValues(attribute: WIDTH, brand: $brand) }`,
      { brand: brand.id },
    );
    expect(await choices(page, 'Width')).toEqual(brandWidths);
    await choose(page, 'Width', brandWidths[0]!, 'width');
    await choose(page, 'Aspect Ratio', (await choices(page, 'Aspect Ratio'))[0]!, 'aspect_ratio');
    await choose(page, 'Rim Diameter', (await choices(page, 'Rim Diameter'))[0]!, 'rim_diameter');
    // The path stays: the results are that brand's, in that size.
    expect(new URL(page.url()).pathname).toBe(`/tire-search/brand/${encodeURIComponent(brand.id)}`);
    await page.getByRole('heading', { name: /^Tires in/ }).waitFor();
    const names = await page.locator('main article h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes(brand.name))).toBe(true);
    expect(formatViolations(await seriousA11yViolations(page))).toEqual([]);

    // Anything but a brand or a category, or an id of none, is not a page.
    for (const path of ['/tire-search/size/205', '/tire-search/brand/QnJhbmQ6OTk5OTk=']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await context.close();
  });

  it('opens straight from an address with the three sizes', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/tire-search');
    const width = (await choices(page, 'Width'))[0];
    await page.goto(`/tire-search?width=${width}`);
    const ratio = (await choices(page, 'Aspect Ratio'))[0];
    await page.goto(`/tire-search?width=${width}&aspect_ratio=${ratio}`);
    const rim = (await choices(page, 'Rim Diameter'))[0];
    await page.goto(`/tire-search?width=${width}&aspect_ratio=${ratio}&rim_diameter=${rim}`);
    await page.getByRole('heading', { name: `Tires in ${width}/${ratio} R${rim}` }).waitFor();
    expect(await page.getByLabel('Rim Diameter', { exact: true }).inputValue()).toBe(rim);
    await context.close();
  });
});

const formatViolations = (violations: Awaited<ReturnType<typeof seriousA11yViolations>>) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
