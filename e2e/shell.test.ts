import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './browser';
import { hydrated } from './catalogue-helpers';
import { E2E_METRICS_TOKEN } from './global-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('storefront shell', () => {
  it('renders the home page on the server, with the header and footer', async () => {
    // An unknown cookie is never answered from the page cache: this is a full render, whatever
    // earlier tests left stored (orders no longer empty the cache, ADR 035).
    const response = await fetch(`${baseURL()}/`, { headers: { cookie: 'e2e-shell=1' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<header');
    expect(html).toContain('Tire Search');
    expect(html).toContain(`© ${new Date().getFullYear()} Suki. All rights reserved.`);
    // The content security policy carries a nonce that the page's scripts use.
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it('answers a GraphQL query over HTTP, health and metrics', async () => {
    const api = await fetch(`${baseURL()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(await api.json()).toEqual({ data: { me: null } });
    const health = await fetch(`${baseURL()}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect((await fetch(`${baseURL()}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${baseURL()}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/http_requests_total\{method="POST",route="graphql",status="200"\} \d+/);
    expect(metrics).toContain('process_resident_memory_bytes');
  });

  it('serves robots.txt pointing at the sitemap of this address', async () => {
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
  });

  it('renders without JavaScript too (server-side rendering)', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Shop', exact: true }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('has a favicon, app icons and a web app manifest a phone can install from', async () => {
    const favicon = await fetch(`${baseURL()}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect([...new Uint8Array(await favicon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
    // The favicon and the service worker go as the build compressed them (scripts/precompress-assets.mjs):
    // a file's length, not a stream compressed for each request.
    for (const file of ['/favicon.ico', '/sw.js']) {
      const plain = await fetch(`${baseURL()}${file}`, { headers: { 'accept-encoding': 'identity' } });
      const brotli = await fetch(`${baseURL()}${file}`, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers.get('content-encoding'), file).toBe('br');
      expect(brotli.headers.get('content-type'), file).toBe(plain.headers.get('content-type'));
      expect(brotli.headers.get('content-length'), file).toMatch(/^\d+$/);
      expect(Number(brotli.headers.get('content-length')), file).toBeLessThan(Number(plain.headers.get('content-length')));
      expect(Buffer.from(await brotli.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer())), file).toBe(true);
    }
    const manifest = (await (await fetch(`${baseURL()}/manifest.webmanifest`)).json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ name: 'Suki', theme_color: '#f7931e' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of [...manifest.icons.map((i) => i.src), '/apple-touch-icon.png']) {
      const response = await fetch(`${baseURL()}${icon}`);
      expect(response.headers.get('content-type'), icon).toBe('image/png');
    }
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(home).toContain('rel="apple-touch-icon"');
  });

  it('shows the not-found page for an unknown address', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByText('The page you are trying to find does not exist.').waitFor();
    await context.close();
  });

  it('redirects a protected route to / without a token', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/account');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/cart');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('remembers the cookie banner once understood', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    // A click before React has attached its handlers is lost (a busy machine hydrates late).
    await hydrated(page);
    const understood = page.getByRole('button', { name: 'I Understand' });
    await understood.click();
    await understood.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: 'Shop', exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'I Understand' }).count()).toBe(0);
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(consent?.value).toBe('1');
    // 150 days, within a minute.
    const days = (consent!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(149.9);
    expect(days).toBeLessThanOrEqual(150);
    await context.close();
  });

  it('searches from the header with Enter', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search products' }).first();
    await search.fill('iphone');
    await search.press('Enter');
    await page.waitForURL(/\/shop\?query=iphone/);
    await context.close();
  });

  it('opens the side drawer on a 320 px wide screen', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 320, height: 640 } });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Tire Search' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });

  it('has no serious accessibility violations on the home page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const violations = await seriousA11yViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
