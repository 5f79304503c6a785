// ADR 059: what a storefront page's first load asks for, and when. The stylesheet is the first
// request the head makes, the HTML preloads no module, and the page's modules are fetched only
// after the first contentful paint; the page then hydrates. (The React Router patch does the
// last two: an upgrade that drops it fails here.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './browser';
import { hydrated } from './catalogue-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a storefront page first load (ADR 059)', () => {
  it('links the stylesheet before anything else it fetches, and preloads no module in the HTML', async () => {
    for (const path of ['/', '/shop', '/about']) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const firstFetch = /<link[^>]*rel="(stylesheet|preload|modulepreload)"[^>]*>/.exec(head.replace(/<link[^>]*rel="preload" as="image"[^>]*>/g, ''));
      expect(firstFetch?.[1], path).toBe('stylesheet');
      expect(html, path).not.toContain('rel="modulepreload"');
    }
  });

  it('fetches the page modules after the first contentful paint, then hydrates', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/shop');
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint!);
    await context.close();
  });
});
