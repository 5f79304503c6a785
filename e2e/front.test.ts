// ADR 027: the built shop answers visitors' cache hits before Express and Yoga with
// exactly the head the full path sends (own request id; a page's CSP nonce replaced by its
// scripts' hashes, ADR 030), and counts them.
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser';
import { E2E_METRICS_TOKEN } from './global-setup';

const PER_RESPONSE = ['date', 'content-length', 'transfer-encoding', 'x-request-id', 'x-suki-page-cache'];

/** The nonce a response's CSP header allows. */
const cspNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];

/** Headers without those written per response, the nonce replaced by a marker. */
const comparable = (headers: Headers) =>
  [...headers].filter(([name]) => !PER_RESPONSE.includes(name)).map(([name, value]) => [name, value.split(cspNonce(headers) ?? '-').join('NONCE')]);

async function ask(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseURL()}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const requestsServed = async () => {
  const text = await (await fetch(`${baseURL()}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^http_requests_total\{[^}]*route="graphql"[^}]*\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
};

describe('cache hits at the front', () => {
  it('sends a page hit the full path\'s headers, nonce-free, its scripts allowed by hash, its own request id', async () => {
    for (const acceptEncoding of ['identity', 'br']) {
      const headers = { 'accept-encoding': acceptEncoding, cookie: `e2e-front-${acceptEncoding}=1; device=x` };
      // An unknown cookie is never cached: the full path renders it.
      const full = await ask('/about', { headers });
      const hit = await ask('/about', { headers: { 'accept-encoding': acceptEncoding } });
      const again = await ask('/about', { headers: { 'accept-encoding': acceptEncoding } });
      expect(again.headers.get('x-suki-page-cache')).toBe('hit');
      expect(full.headers.get('x-suki-page-cache')).toBeNull();
      const withoutCsp = (headers: Headers) => [...headers].filter(([name]) => !PER_RESPONSE.includes(name) && name !== 'content-security-policy');
      expect(withoutCsp(again.headers)).toEqual(withoutCsp(full.headers));
      // The CSP is the full path's with the nonce source replaced by hash sources.
      const csp = again.headers.get('content-security-policy')!;
      expect(csp.replace(/( 'sha256-[^']+')+/, " 'nonce-NONCE'")).toBe(full.headers.get('content-security-policy')!.split(cspNonce(full.headers)!).join('NONCE'));
      expect(again.body).not.toContain('nonce=');
      // The first visitor's ask rendered and stored it (with its nonce); the next is the stored bytes.
      const stored = hit.headers.get('x-suki-page-cache') === 'miss' ? hit.body.split(` nonce="${cspNonce(hit.headers)}"`).join('') : hit.body;
      expect(again.body).toBe(stored);
      expect(again.headers.get('x-request-id')).not.toBe(hit.headers.get('x-request-id'));
    }
  });

  it('sends an API hit the full path\'s head and bytes, counted in /metrics', async () => {
    const body = JSON.stringify({ query: '{ categories(first: 5, level: 0) { edges { node { id name } } } }' });
    for (const acceptEncoding of ['identity', 'gzip']) {
      const headers = { 'content-type': 'application/json', 'x-suki-csrf': '1', 'accept-encoding': acceptEncoding };
      const full = await ask('/graphql', { method: 'POST', headers, body });
      const before = await requestsServed();
      const hit = await ask('/graphql', { method: 'POST', headers: { ...headers, 'x-request-id': 'e2e-front-1234' }, body });
      expect(await requestsServed()).toBe(before + 1);
      expect(hit.status).toBe(200);
      expect(comparable(hit.headers)).toEqual(comparable(full.headers));
      expect(hit.body).toBe(full.body);
      expect(hit.headers.get('x-request-id')).toBe('e2e-front-1234');
      // Without the CSRF header (and a form's content type) Yoga still refuses it.
      const refused = await ask('/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
      expect(refused.status).toBe(403);
    }
  });
});

describe('full renders leave nothing running', () => {
  const pendingTimers = async () => {
    const text = await (await fetch(`${baseURL()}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
    return Number(/^nodejs_active_resources\{type="Timeout"\} (\d+)/m.exec(text)?.[1] ?? Number.NaN);
  };

  it("clears each render's abort timer when its response is sent (change 131: they kept 6 s of renders alive)", async () => {
    const before = await pendingTimers();
    expect(before).toBeGreaterThan(0);
    // An unknown cookie is never served from the page cache: each of these is a full render.
    for (let i = 0; i < 30; i += 1) expect((await ask('/about', { headers: { cookie: `e2e-timers=${i}` } })).status).toBe(200);
    expect(await pendingTimers()).toBeLessThan(before + 10);
  });
});
