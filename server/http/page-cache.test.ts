// Visitors' pages are rendered once per catalogue generation; nothing personal is
// ever stored or served to someone else, and a change is visible on the next request.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFront } from './front';
import { createHash } from 'node:crypto';
import { PAGE_CACHE_HEADER, createPageCache } from './page-cache';

let close = () => {};
afterEach(() => close());

let generation: number | null;
let renders: number;
let price: string;

beforeEach(() => {
  generation = 1;
  renders = 0;
  price = '₱1,000';
});

const recorded: number[] = [];
let lastPages: ReturnType<typeof createPageCache>;

/**
 * A stand-in for the shop: the front before an Express app that sets a request id, a nonce and
 * a CSP header per request, compresses, keeps pages, and renders the price of the moment.
 */
async function serve(extra?: (req: express.Request, res: express.Response) => void) {
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}xyz`;
    res.setHeader('x-request-id', `request-${nonces}`);
    res.setHeader('Content-Security-Policy', `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });
  app.use(compression());
  const pages = createPageCache({ generation: () => generation, tokenCookie: 'token' });
  lastPages = pages;
  app.get('/{*path}', pages.recorder);
  app.get('/{*path}', (req, res) => {
    renders += 1;
    extra?.(req, res);
    res.type('html');
    res.setHeader('cache-control', 'public, max-age=0');
    res.write(`<html><script nonce="${res.locals.cspNonce}">window.shown = 1;</script><script>injected()</script>${'<p>padding</p>'.repeat(req.path === '/faqs' ? 200 : 0)}`);
    res.end(`<p>${price} for ${req.headers.cookie ?? 'a visitor'}</p></html>`);
  });
  const front = createFront({ pages, metrics: { record: (_m, _p, status) => recorded.push(status) }, log: pino({ level: 'silent' }) }, app);
  const server = createServer(front).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers }).then(async (r) => ({ status: r.status, cache: r.headers.get(PAGE_CACHE_HEADER), headers: r.headers, body: await r.text() }));
}

/** The nonce a response's CSP header allows. */
const cspNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];

describe('visitors page cache', () => {
  it('renders a public page once and serves every visitor the same nonce-free bytes', async () => {
    const get = await serve();
    const first = await get('/product/UHJvZHVjdDox');
    const second = await get('/product/UHJvZHVjdDox');
    const third = await get('/product/UHJvZHVjdDox');
    expect([first.cache, second.cache, third.cache]).toEqual(['miss', 'hit', 'hit']);
    expect(renders).toBe(1);
    expect(first.body).toContain('nonce="nonce1xyz"');
    expect(cspNonce(first.headers)).toBe('nonce1xyz');
    for (const hit of [second, third]) {
      expect(hit.body).not.toContain('nonce');
      expect(hit.headers.get('content-security-policy')).not.toContain('nonce');
      expect(hit.body).toBe(first.body.split(' nonce="nonce1xyz"').join(''));
    }
    expect(third.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'));
  });

  it('allows by hash exactly the inline scripts that carried the render\'s nonce', async () => {
    const get = await serve();
    const miss = await get('/about');
    const hit = await get('/about');
    const nonced = [...miss.body.matchAll(new RegExp(`<script nonce="${cspNonce(miss.headers)}">(.*?)</script>`, 'g'))].map((m) => m[1]!);
    expect(nonced).toEqual(['window.shown = 1;']);
    const hashes = nonced.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    // The script without the nonce (which the nonce CSP refused) gets no hash.
    expect(hit.body).toContain('<script>injected()</script>');
    expect(hit.headers.get('content-security-policy')).toBe(`default-src 'self'; script-src 'self' ${hashes.join(' ')}`);
  });

  it('answers a hit with the head the full path sent, with the request\'s own id, compressed once', async () => {
    const get = await serve();
    for (const path of ['/about', '/faqs']) {
      for (const acceptEncoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
        generation = (generation ?? 0) + 1; // so that the first ask is rendered by the full path
        const miss = await get(path, { 'accept-encoding': acceptEncoding, 'x-request-id': 'given-id-1234' });
        expect(miss.cache).toBe('miss');
        const hits = [await get(path, { 'accept-encoding': acceptEncoding, 'x-request-id': 'given-id-1234' }), await get(path, { 'accept-encoding': acceptEncoding })];
        const comparable = (headers: Headers) =>
          [...headers]
            .filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'x-request-id', 'content-security-policy', PAGE_CACHE_HEADER].includes(name))
            .map(([name, value]) => [name, value]);
        for (const hit of hits) {
          expect(hit.cache).toBe('hit');
          expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
          // Decompressed by fetch: the stored page, whatever the encoding.
          expect(hit.body).toBe(miss.body.split(` nonce="${cspNonce(miss.headers)}"`).join(''));
          if (path === '/faqs') expect(hit.headers.get('content-encoding')).toBe(acceptEncoding === 'identity' ? null : acceptEncoding === 'gzip' ? 'gzip' : 'br');
        }
        if (path === '/faqs' && acceptEncoding !== 'identity') {
          // Compressed once, kept with the page, and that same buffer sent again.
          const page = lastPages.lookup({ method: 'GET', url: path, headers: {} } as IncomingMessage);
          const encoded = page?.encoded.get(hits[0]!.headers.get('content-encoding')!);
          expect(Buffer.isBuffer(encoded)).toBe(true);
        }
        expect(hits[0]!.headers.get('x-request-id')).toBe('given-id-1234');
        expect(hits[1]!.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it('counts a hit in the metrics', async () => {
    const get = await serve();
    recorded.length = 0;
    await get('/about');
    await get('/about');
    expect(recorded).toEqual([200]);
  });

  it('shows a price change on the next request once the catalogue generation moves', async () => {
    const get = await serve();
    await get('/shop');
    price = '₱900';
    generation = 2;
    const after = await get('/shop');
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('₱900');
  });

  it('never stores a page rendered while a change committed', async () => {
    const get = await serve(() => {
      generation = (generation ?? 0) + 1;
    });
    await get('/');
    await get('/');
    expect(renders).toBe(2);
  });

  it('never serves or stores a page for a session, an API token or an unknown cookie', async () => {
    const get = await serve();
    await get('/shop');
    await get('/plans/signup');
    // /plans/signup, `/` with a query and every `.data` request stay the session's own.
    for (const path of ['/plans/signup', '/?open=login', '/shop.data']) {
      const signedIn = await get(path, { cookie: 'token=abc; signed_in=1' });
      expect(signedIn.cache, path).toBeNull();
      expect(signedIn.body, path).toContain('token=abc');
    }
    const bearer = await get('/shop', { authorization: 'Bearer abc' });
    expect(bearer.cache).toBeNull();
    expect((await get('/shop', { cookie: 'other=ABC' })).cache).toBeNull();
    expect((await get('/shop', { cookie: 'token=abc; other=ABC' })).cache).toBeNull();
    expect((await get('/shop', { cookie: 'signup_token=ABC' })).cache).toBe('hit');
    // And what they saw was not kept for the visitor.
    for (const path of ['/shop', '/plans/signup']) {
      const visitor = await get(path);
      expect(visitor.cache).toBe('hit');
      expect(visitor.body).toContain('a visitor');
    }
  });

  it("serves a session the visitors' public page, never its own render, and tells the browser with a hint cookie", async () => {
    const get = await serve();
    await get('/shop');
    // A stored page: the visitor's bytes, and the hint for a browser that lacks it.
    const first = await get('/shop', { cookie: 'token=abc' });
    expect(first.cache).toBe('hit');
    expect(first.body).toContain('a visitor');
    expect(first.body).not.toContain('abc');
    expect(first.headers.get('set-cookie')).toBe('signed_in=1; Path=/; SameSite=Lax');
    const hinted = await get('/shop', { cookie: 'cookie_consent=1; token=abc; signed_in=1' });
    expect(hinted.headers.get('set-cookie')).toBeNull();
    // Keyed as the visitor's request would be (the consent cookie).
    expect(hinted.cache).toBe('miss');
    expect(renders).toBe(2);

    // A miss with the hint renders as a visitor: the session cookie never reaches the render,
    // and the page is kept for everyone.
    generation = 2;
    const miss = await get('/shop', { cookie: 'token=abc; signed_in=1' });
    expect(miss.cache).toBe('miss');
    expect(miss.body).toContain('for signed_in=1');
    expect(miss.body).not.toContain('token');
    expect((await get('/shop')).cache).toBe('hit');

    // Without the hint and without a stored page the session's request renders as before, with
    // the hint, and is not kept.
    generation = 3;
    const personal = await get('/shop', { cookie: 'token=abc' });
    expect(personal.cache).toBeNull();
    expect(personal.body).toContain('token=abc');
    expect(personal.headers.get('set-cookie')).toBe('signed_in=1; Path=/; SameSite=Lax');
    const visitor = await get('/shop');
    expect(visitor.cache).toBe('miss');
    expect(visitor.body).toContain('a visitor');

    // A hint left after the session ended is cleared with a stored page.
    const ended = await get('/shop', { cookie: 'signed_in=1' });
    expect(ended.cache).toBe('hit');
    expect(ended.headers.get('set-cookie')).toBe('signed_in=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('keys pages by the cookie-consent cookie and ignores the device cookie', async () => {
    const get = await serve();
    await get('/faqs');
    expect((await get('/faqs', { cookie: 'cookie_consent=1' })).cache).toBe('miss');
    expect((await get('/faqs', { cookie: 'device=x; cookie_consent=1' })).cache).toBe('hit');
  });

  it('leaves token pages, account pages and answers with Set-Cookie alone', async () => {
    let setCookie = false;
    const get = await serve((_req, res) => {
      if (setCookie) res.setHeader('set-cookie', 'a=b');
    });
    for (const path of ['/verify?token=abc', '/reset', '/account', '/payment/paypal', '/checkout', '/staff']) {
      await get(path);
      expect((await get(path)).cache).toBeNull();
    }
    setCookie = true;
    await get('/about');
    setCookie = false;
    expect((await get('/about')).cache).toBe('miss');
  });

  it('serves nothing from memory while catalogue changes are not being heard', async () => {
    generation = null;
    const get = await serve();
    await get('/');
    expect((await get('/')).cache).toBeNull();
    expect(renders).toBe(2);
  });

  it('caches the single-fetch data of a public page separately from its HTML', async () => {
    const get = await serve();
    await get('/shop');
    expect((await get('/shop.data')).cache).toBe('miss');
    expect((await get('/shop.data')).cache).toBe('hit');
  });
});
