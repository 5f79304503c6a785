// ADR 030: a stored page is the same bytes for every visitor, without a CSP nonce; its CSP allows
// by hash exactly the inline scripts the render gave the nonce. In a real browser the page
// hydrates with no CSP violation, and a script that is not in the hash list is refused.
import { createHash } from 'node:crypto';
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

async function ask(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseURL()}${path}`, { headers });
  return { headers: response.headers, body: await response.text() };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Inline scripts (no src) of a page: their start tags and their text. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!)).map((m) => ({ tag: m[1]!, text: m[2]! }));
const hashSources = (csp: string) => [...csp.matchAll(/'sha256-[^']+'/g)].map((m) => m[0]).sort();

describe('stored pages under a hash CSP', () => {
  it('lists the hashes of exactly the inline scripts the render gave its nonce, and no nonce', async () => {
    for (const path of ['/', '/shop', '/about']) {
      // Rendered by the full path (an unknown cookie is never cached), then a hit.
      const full = await ask(path, { cookie: 'e2e-stored-pages=1' });
      await ask(path);
      const hit = await ask(path);
      expect(hit.headers.get('x-suki-page-cache')).toBe('hit');
      const nonce = /'nonce-([^']+)'/.exec(full.headers.get('content-security-policy') ?? '')![1]!;
      const nonced = inlineScripts(full.body).filter((s) => s.tag.includes(`nonce="${nonce}"`));
      expect(nonced.length).toBeGreaterThan(0);
      const csp = hit.headers.get('content-security-policy')!;
      expect(csp).not.toContain('nonce');
      expect(hit.body).not.toContain('nonce=');
      expect(hashSources(csp)).toEqual([...new Set(nonced.map((s) => sha256(s.text)))].sort());
      // Every executable inline script of the stored page is allowed.
      const executable = inlineScripts(hit.body).filter((s) => !/type="application\/(ld\+)?json"/.test(s.tag));
      for (const script of executable) expect(hashSources(csp)).toContain(sha256(script.text));
    }
  });

  it('hydrates a stored page in a browser with no CSP violation', async () => {
    await ask('/shop');
    const { context, page } = await newPage(browser);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto('/shop');
    expect(await response!.headerValue('x-suki-page-cache')).toBe('hit');
    await hydrated(page);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('refuses, in a browser, an inline script that is not in the hash list', async () => {
    await ask('/about');
    const { context, page } = await newPage(browser);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // The stored page's own head, with a script added to its body on the way.
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      expect(headers['x-suki-page-cache']).toBe('hit');
      const body = (await response.text()).replace('</body>', '<script>window.__injected = true;</script></body>');
      await route.fulfill({ status: response.status(), headers, body });
    });
    await page.goto('/about');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(refused.length).toBeGreaterThan(0);
    await context.close();
  });
});
