// Issue 14: visitors' pages are rendered once per catalogue generation; nothing personal is
// ever stored or served to someone else, and a change is visible on the next request.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_CACHE_HEADER, createPageCache, joinWithNonce, splitAtNonce } from './page-cache';

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

/** A stand-in for the storefront's SSR handler: a nonce per request, the price of the moment. */
async function serve(extra?: (req: express.Request, res: express.Response) => void) {
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}xyz`;
    next();
  });
  app.get('/{*path}', createPageCache({ generation: () => generation, tokenCookie: 'token' }));
  app.get('/{*path}', (req, res) => {
    renders += 1;
    extra?.(req, res);
    res.type('html');
    res.write(`<html><script nonce="${res.locals.cspNonce}"></script>`);
    res.end(`<p>${price} for ${req.headers.cookie ?? 'a visitor'}</p></html>`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers }).then(async (r) => ({ status: r.status, cache: r.headers.get(PAGE_CACHE_HEADER), body: await r.text() }));
}

describe('visitors page cache', () => {
  it('renders a public page once and writes each visitor\'s own nonce into it', async () => {
    const get = await serve();
    const first = await get('/product/UHJvZHVjdDox');
    const second = await get('/product/UHJvZHVjdDox');
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(renders).toBe(1);
    expect(first.body).toContain('nonce="nonce1xyz"');
    expect(second.body).toContain('nonce="nonce2xyz"');
    expect(second.body).not.toContain('nonce1xyz');
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
    const signedIn = await get('/shop', { cookie: 'token=abc' });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain('token=abc');
    const bearer = await get('/shop', { authorization: 'Bearer abc' });
    expect(bearer.cache).toBeNull();
    expect((await get('/shop', { cookie: 'other=ABC' })).cache).toBeNull();
    expect((await get('/shop', { cookie: 'signup_token=ABC' })).cache).toBe('hit');
    // And what they saw was not kept for the visitor.
    const visitor = await get('/shop');
    expect(visitor.cache).toBe('hit');
    expect(visitor.body).toContain('a visitor');
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

describe('stored page parts', () => {
  it('cuts a body at every nonce and joins it with another, byte for byte', () => {
    const body = Buffer.from('<script nonce="abc">ñ</script><script nonce="abc"></script>₱', 'utf8');
    const parts = splitAtNonce(body, 'abc');
    expect(parts).toHaveLength(3);
    expect(joinWithNonce(parts, 'xyz12').toString('utf8')).toBe('<script nonce="xyz12">ñ</script><script nonce="xyz12"></script>₱');
    expect(joinWithNonce(splitAtNonce(body, ''), 'xyz').equals(body)).toBe(true);
  });
});
