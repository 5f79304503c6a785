// bench/README.md change 60: concurrent misses of one page render it once; the others
// wait for that render and get only what a hit would give them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createFront } from './front';
import { PAGE_CACHE_HEADER, createPageCache } from './page-cache';

let close = () => {};
afterEach(() => close());

/**
 * The front before an app whose renders wait for `release()`: every request started before it
 * is a concurrent miss. `during` runs once per render, before it waits.
 */
async function serve(options: { during?: (req: express.Request, res: express.Response) => void; generation?: () => number } = {}) {
  const state = { renders: 0, generation: 1, price: '₱1,000' };
  let release = () => {};
  let gate = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}xyz`;
    res.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  const pages = createPageCache({ generation: options.generation ?? (() => state.generation), tokenCookie: 'token' });
  app.get('/{*path}', pages.recorder);
  app.get('/{*path}', async (req, res) => {
    state.renders += 1;
    const price = state.price;
    options.during?.(req, res);
    await gate;
    res.type('html').end(`<html><p>${price} for ${req.headers.cookie ?? 'a visitor'}</p></html>`);
  });
  const front = createFront({ pages, metrics: { record: () => undefined }, log: pino({ level: 'silent' }) }, app);
  const server = createServer(front).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers }).then(async (r) => ({ status: r.status, cache: r.headers.get(PAGE_CACHE_HEADER), body: await r.text() }));
  /** Lets the renders under way finish; later renders wait for the next call. */
  const open = () => {
    const opened = release;
    gate = new Promise<void>((resolve) => (release = resolve));
    opened();
  };
  /** Until `count` renders have started (requests travel through sockets first). */
  const rendersStarted = async (count: number) => {
    while (state.renders < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { get, open, rendersStarted, state, pages };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('one render per page at a time', () => {
  it('renders a page once for concurrent misses and answers the others with it as hits', async () => {
    const { get, open, rendersStarted, state, pages } = await serve();
    const asked = Array.from({ length: 10 }, () => get('/shop'));
    await rendersStarted(1);
    await settle();
    expect(state.renders).toBe(1);
    open();
    const answers = await Promise.all(asked);
    expect(state.renders).toBe(1);
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.cache === 'hit')).toHaveLength(9);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['<html><p>₱1,000 for a visitor</p></html>']));
    expect(pages.counts).toMatchObject({ miss: 1, waited: 9, stored: 1 });
    expect(pages.flights.size()).toBe(0);
  });

  it('never makes a personal request wait for, or get, a visitor\'s render', async () => {
    const { get, open, rendersStarted, state } = await serve();
    const visitor = get('/shop');
    await rendersStarted(1);
    const signedIn = get('/shop', { cookie: 'token=abc' });
    // The signed-in request renders on its own: a second render starts while the first waits.
    await rendersStarted(2);
    open();
    const [v, s] = await Promise.all([visitor, signedIn]);
    expect(v.cache).toBe('miss');
    expect(s.cache).toBeNull();
    expect(s.body).toContain('token=abc');
    expect(state.renders).toBe(2);
  });

  it('does not give waiters a page rendered while the catalogue changed; they render the new one', async () => {
    const { get, open, rendersStarted, state } = await serve({
      during: () => {
        if (state.renders === 1) {
          // A price change commits while the first render runs.
          state.price = '₱900';
          state.generation += 1;
        }
      },
    });
    const first = get('/shop');
    await rendersStarted(1);
    // (the change is made by the render itself, above)
    const waiters = Array.from({ length: 5 }, () => get('/shop'));
    await settle();
    open();
    // The waiters woke in the new generation: one of them renders it, the others wait for that.
    await rendersStarted(2);
    await settle();
    open();
    const answers = await Promise.all(waiters);
    expect((await first).body).toContain('₱1,000');
    for (const answer of answers) expect(answer.body).toContain('₱900');
    expect(state.renders).toBe(2);
  });

  it('lets waiters render themselves when the first render was not storable', async () => {
    const { get, open, rendersStarted, state } = await serve({
      during: (_req, res) => {
        if (state.renders === 1) res.setHeader('set-cookie', 'a=b');
      },
    });
    const asked = Array.from({ length: 4 }, () => get('/about'));
    await rendersStarted(1);
    await settle();
    expect(state.renders).toBe(1);
    open();
    // The three waiters render at once, none waiting for another.
    await rendersStarted(4);
    open();
    await Promise.all(asked);
    expect(state.renders).toBe(4);
  });
});
