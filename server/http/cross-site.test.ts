import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCrossSitePosts } from './cross-site';

let base = '';
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use(refuseCrossSitePosts({ publicUrl: 'https://suki.ph', exemptPrefixes: ['/webhooks/', '/graphql'] }));
  app.all('/{*path}', (_req, res) => void res.send('ok'));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'intent=login' });

describe('cross-site form posts', () => {
  it('refuses a login form posted from another site (login CSRF)', async () => {
    expect((await post('/auth', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/auth', { 'sec-fetch-site': 'same-site', origin: 'https://shop.evil.suki.ph' })).status).toBe(403);
    // An older browser sends only Origin.
    expect((await post('/auth', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('lets the shop post to itself, and non-browser clients through', async () => {
    expect((await post('/auth', { 'sec-fetch-site': 'same-origin', origin: base })).status).toBe(200);
    expect((await post('/auth', { origin: 'https://suki.ph' })).status).toBe(200);
    expect((await post('/auth', { origin: base })).status).toBe(200);
    expect((await post('/auth', {})).status).toBe(200);
  });

  it('leaves reads, webhooks and the API (own CSRF guard) alone', async () => {
    expect((await fetch(`${base}/shop`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    expect((await post('/webhooks/paypal', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    expect((await post('/graphql', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});
