// Issue 14: visitors' pages are rendered once per catalogue generation; nothing personal is
// ever stored or served to someone else, and a change is visible on the next request.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFront } from './front';
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

const recorded: number[] = [];

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
  app.get('/{*path}', pages.recorder);
  app.get('/{*path}', (req, res) => {
    renders += 1;
    extra?.(req, res);
    res.type('html');
    res.setHeader('cache-control', 'public, max-age=0');
    res.write(`<html><script nonce="${res.locals.cspNonce}"></script>${'<p>padding</p>'.repeat(req.path === '/faqs' ? 200 : 0)}`);
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
  it('renders a public page once and writes each visitor\'s own nonce into it', async () => {
    const get = await serve();
    const first = await get('/product/UHJvZHVjdDox');
    const second = await get('/product/UHJvZHVjdDox');
    const third = await get('/product/UHJvZHVjdDox');
    expect([first.cache, second.cache, third.cache]).toEqual(['miss', 'hit', 'hit']);
    expect(renders).toBe(1);
    expect(first.body).toContain('nonce="nonce1xyz"');
    expect(cspNonce(first.headers)).toBe('nonce1xyz');
    for (const hit of [second, third]) {
      expect(hit.body).toContain(`nonce="${cspNonce(hit.headers)}"`);
      expect(hit.body).not.toContain('nonce1xyz');
    }
    expect(cspNonce(second.headers)).not.toBe(cspNonce(third.headers));
  });

  it('answers a hit with the head the full path sent, with the request\'s own id and nonce', async () => {
    const get = await serve();
    for (const path of ['/about', '/faqs']) {
      for (const acceptEncoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
        generation = (generation ?? 0) + 1; // so that the first ask is rendered by the full path
        const miss = await get(path, { 'accept-encoding': acceptEncoding, 'x-request-id': 'given-id-1234' });
        expect(miss.cache).toBe('miss');
        const hit = await get(path, { 'accept-encoding': acceptEncoding, 'x-request-id': 'given-id-1234' });
        expect(hit.cache).toBe('hit');
        const comparable = (headers: Headers, nonce: string | undefined) =>
          [...headers]
            .filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'x-request-id', PAGE_CACHE_HEADER].includes(name))
            .map(([name, value]) => [name, value.split(nonce ?? '-').join('NONCE')]);
        expect(comparable(hit.headers, cspNonce(hit.headers))).toEqual(comparable(miss.headers, cspNonce(miss.headers)));
        expect(hit.headers.get('x-request-id')).toBe('given-id-1234');
        expect(hit.body.split(cspNonce(hit.headers)!).join('NONCE')).toBe(miss.body.split(cspNonce(miss.headers)!).join('NONCE'));
        if (path === '/faqs') expect(hit.headers.get('content-encoding')).toBe(acceptEncoding === 'identity' ? null : acceptEncoding === 'gzip' ? 'gzip' : 'br');
      }
    }
    const fresh = await get('/faqs');
    expect(fresh.cache).toBe('hit');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
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
