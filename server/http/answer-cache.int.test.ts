// Visitors' API answers served by the front (before Express and Yoga) are exactly what
// the full path sends, only what the response cache would serve a visitor, never across a
// catalogue change, never for credentials, and never past Yoga's CSRF refusal.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import compression from 'compression';
import { eq } from 'drizzle-orm';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { capturedLogger } from '../testing/captured-logger';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { products } from '../modules/catalogue/catalogue.tables';
import { refreshProductDerivedFields } from '../modules/catalogue/catalogue.service';
import { createCustomer } from '../modules/checkout/checkout.fixtures';
import { createAnswerCache } from './answer-cache';
import { accessLog } from './access-log';
import { createFront } from './front';
import { createMetrics } from './metrics';
import { newCspNonce } from './per-request';

/** Notifications arrive after commit, on the database's own schedule: wait for the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let api: TestApi;
let productId: number;
let base = '';
let yogaCalls = 0;
let yogaDelayMs = 0;
let close = () => {};
const captured = capturedLogger();
const metrics = createMetrics();

beforeAll(async () => {
  api = await createTestApi();
  ({ product: { id: productId } } = await createTestProduct(api.db, { basePrice: 10_000_00, variants: [{ stockQuantity: 3 }] }));
  await settle();
  // The full path as server/http/app.ts builds it for /graphql: access log and request id,
  // nonce, helmet with the nonce in the CSP, compression, metrics, Yoga.
  const app = express();
  app.use(accessLog(captured.log));
  app.use((_req, res, next) => {
    res.locals.cspNonce = newCspNonce();
    next();
  });
  app.use(helmet({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`] } } }));
  app.use(compression());
  app.use(metrics.middleware);
  app.use('/graphql', (req, res) => {
    yogaCalls += 1;
    // A slow answer, so that the concurrency test's requests all arrive while it is made.
    if (yogaDelayMs) setTimeout(() => void api.api(req, res), yogaDelayMs);
    else void api.api(req, res);
  });
  const answers = createAnswerCache({ generation: () => api.api.catalogueGeneration(), holds: (etag) => api.api.holdsAnswer(etag) });
  const server = createServer(createFront({ answers, metrics, log: captured.log }, app)).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await api.close();
});
beforeEach(() => {
  yogaCalls = 0;
});

const PRODUCT = `query ($id: ID!) { product(id: $id) { name variants { isAvailable pricing { price { gross { amount } } } } } }`;
const JSON_CSRF = { 'content-type': 'application/json', 'x-suki-csrf': '1' };

async function post(body: unknown, headers: Record<string, string> = JSON_CSRF) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const productQuestion = () => ({ query: PRODUCT, variables: { id: encodeGlobalID('Product', productId) } });

/** The nonce a response's CSP header allows. */
const cspNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];

/** Headers as a list, without those Node writes per response, the request id and the nonce. */
const comparable = (headers: Headers) =>
  [...headers]
    .filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'x-request-id'].includes(name))
    .map(([name, value]) => [name, value.split(cspNonce(headers) ?? '-').join('NONCE')]);

describe('visitors answers at the front', () => {
  it('sends a repeated question the full path\'s head and body without asking Yoga', async () => {
    for (const acceptEncoding of ['identity', 'gzip', 'br']) {
      const headers = { ...JSON_CSRF, 'accept-encoding': acceptEncoding, origin: 'http://localhost:3000' };
      const miss = await post(productQuestion(), headers);
      const calls = yogaCalls;
      const hit = await post(productQuestion(), { ...headers, 'x-request-id': 'given-id-1234' });
      expect(yogaCalls).toBe(calls);
      expect(hit.status).toBe(200);
      expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
      expect(hit.text).toBe(miss.text);
      expect(hit.headers.get('etag')).toMatch(/^g\d+:/);
      expect(hit.headers.get('x-request-id')).toBe('given-id-1234');
      expect(cspNonce(hit.headers)).not.toBe(cspNonce(miss.headers));
    }
  });

  it('counts and logs a hit as the full path does', async () => {
    await post(productQuestion());
    const before = await metrics.registry.getSingleMetricAsString('http_requests_total');
    const lines = captured.records().length;
    await post(productQuestion(), { ...JSON_CSRF, 'x-request-id': 'logged-id-1234' });
    expect(await metrics.registry.getSingleMetricAsString('http_requests_total')).not.toBe(before);
    const line = captured.records().slice(lines).find((record) => record.requestId === 'logged-id-1234');
    expect(line).toMatchObject({ method: 'POST', path: '/graphql', status: 200, msg: expect.stringMatching(/^POST \/graphql 200 \d+ms$/) });
  });

  it('shows a price change on the next request', async () => {
    const before = JSON.parse((await post(productQuestion())).text) as { data: { product: { variants: { pricing: { price: { gross: { amount: number } } } }[] } } };
    await post(productQuestion());
    await api.db.update(products).set({ basePrice: 7_500_00 }).where(eq(products.id, productId));
    await refreshProductDerivedFields({ db: api.db }, [productId]);
    await settle();
    yogaCalls = 0;
    const after = JSON.parse((await post(productQuestion())).text) as typeof before;
    expect(yogaCalls).toBe(1);
    expect(after.data.product.variants[0]!.pricing.price.gross.amount).toBe(7_500);
    expect(before.data.product.variants[0]!.pricing.price.gross.amount).not.toBe(7_500);
  });

  it('never serves a stored answer to a request with credentials, nor stores a personal one', async () => {
    const customer = await createCustomer(api);
    const open = { query: '{ products(first: 1) { totalCount } }' };
    await post(open);
    await post(open);
    yogaCalls = 0;
    await post(open, { ...JSON_CSRF, authorization: `Bearer ${customer.token}` });
    await post(open, { ...JSON_CSRF, cookie: `device=abc; token=${customer.token}` });
    expect(yogaCalls).toBe(2);
    const personal = { query: '{ me { email } products(first: 1) { totalCount } }' };
    expect((await post(personal, { ...JSON_CSRF, authorization: `Bearer ${customer.token}` })).text).toContain(customer.user.email);
    expect((await post(personal, { ...JSON_CSRF, cookie: `token=${customer.token}` })).text).toContain(customer.user.email);
    // The visitor asking the same, again and again, never gets what the customer saw.
    for (let i = 0; i < 2; i++) expect((await post(personal)).text).not.toContain(customer.user.email);
  });

  it('stores no answer the response cache does not keep: errors, private fields, mutations', async () => {
    const questions = [
      { query: '{ products(first: 2, after: "not-a-cursor") { totalCount } }' },
      { query: '{ noSuchField }' },
      { query: '{ me { email } }' },
      { query: 'mutation { tokenCreate(email: "nobody@example.com", password: "wrong-password-1") { token } }' },
    ];
    for (const question of questions) {
      yogaCalls = 0;
      await post(question);
      await post(question);
      expect(yogaCalls, JSON.stringify(question)).toBe(2);
    }
  });

  it('asks Yoga once for concurrent misses of one question, and never makes a personal one wait', async () => {
    const customer = await createCustomer(api);
    // A question not asked before: every request below is a miss until the first is answered.
    const question = { query: '{ products(first: 3) { totalCount edges { node { name } } } }' };
    yogaCalls = 0;
    yogaDelayMs = 200;
    const visitors = Array.from({ length: 8 }, () => post(question));
    const personal = post(question, { ...JSON_CSRF, authorization: `Bearer ${customer.token}` });
    const answers = await Promise.all([...visitors, personal]).finally(() => (yogaDelayMs = 0));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One for the visitors, one for the customer (who never waits for or gets theirs).
    expect(yogaCalls).toBe(2);
  });

  it('refuses a question without the CSRF header as before, even once answered with it', async () => {
    await post(productQuestion());
    await post(productQuestion());
    for (let i = 0; i < 2; i++) {
      const refused = await post(productQuestion(), { 'content-type': 'text/plain' });
      expect(refused.status).toBe(403);
    }
  });
});
