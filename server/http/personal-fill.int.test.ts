// The fill of a signed-in shopper's public page, answered by the front as JSON (ADR 055): the
// header's viewer, cart and count, as the root loader has them, for the session's own; on a
// product page also the product's watchlist mark, without the product's own loader.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../modules/catalogue/catalogue.tables';
import { createCustomer, createVariant, type Customer } from '../modules/checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createPersonalFill, PERSONAL_FILL_PATH } from './personal-fill';

let api: TestApi;
let server: Server;
let base: string;
let customer: Customer;

beforeAll(async () => {
  api = await createTestApi({}, { sessionCache: true });
  customer = await createCustomer(api);
  const fill = createPersonalFill(api.api, pino({ level: 'silent' }));
  server = createServer((req, res) => void fill(req, res, 'fill-test'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

type Fill = {
  viewer: { id: string; email: string } | null;
  cart: { quantity: number } | null;
  cartCount: number;
  watchlist?: { productId: string; isInWatchlist: boolean };
};

async function fillOf(token?: string, query = '') {
  const response = await fetch(`${base}${PERSONAL_FILL_PATH}${query}`, { headers: token ? { cookie: `token=${token}; signed_in=1` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Fill };
}

/** A published product's global id. */
async function productId(): Promise<string> {
  const [variant] = await api.db.select().from(productVariants).where(eq(productVariants.id, await createVariant(api.db, { price: 300_00 })));
  return encodeGlobalID('Product', variant!.productId);
}

describe('the personal fill', () => {
  it("answers a visitor's empty parts", async () => {
    const { status, body } = await fillOf();
    expect(status).toBe(200);
    expect(body).toEqual({ viewer: null, cart: null, cartCount: 0 });
  });

  it("answers the session's viewer, cart and count, never to be kept, in two statements", async () => {
    await fillOf(customer.token);
    const before = api.database.statementCount();
    const empty = await fillOf(customer.token);
    // The unread orders' count and the checkout row; the session is kept from the first ask.
    expect(api.database.statementCount() - before).toBe(2);
    expect(empty.body).toMatchObject({ viewer: { id: encodeGlobalID('User', customer.user.id), email: customer.user.email }, cart: null, cartCount: 0 });
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(empty.headers.get('content-type')).toMatch(/^application\/json/);
    expect(empty.headers.get('x-request-id')).toBe('fill-test');

    const variantId = encodeGlobalID('ProductVariant', await createVariant(api.db, { price: 500_00 }));
    const created = await api.gql(
      `mutation ($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { errors { message } } }`,
      { input: { lines: [{ variantId, quantity: 3 }] } },
      { token: customer.token },
    );
    expect(created.errors).toBeUndefined();
    const full = await fillOf(customer.token);
    expect(full.body.cartCount).toBe(3);
    expect(full.body.cart?.quantity).toBe(3);
  });

  it('answers a forged session as a visitor', async () => {
    expect((await fillOf(`${customer.token}x`)).body).toEqual({ viewer: null, cart: null, cartCount: 0 });
  });

  it("answers a product page's watchlist mark for the session, beside the header's parts", async () => {
    const watcher = await createCustomer(api);
    const id = await productId();
    const asked = `?product=${encodeURIComponent(id)}`;
    await fillOf(watcher.token);
    const plain = api.database.statementCount();
    await fillOf(watcher.token);
    const header = api.database.statementCount() - plain;
    await fillOf(watcher.token, asked);
    const before = api.database.statementCount();
    const unwatched = await fillOf(watcher.token, asked);
    expect(unwatched.status).toBe(200);
    // Added to the header's: the product's row (only a shown product has a mark) and the mark,
    // the two the product loader's own watchlist question cost.
    expect(api.database.statementCount() - before).toBe(header + 2);
    expect(unwatched.body).toMatchObject({ viewer: { email: watcher.user.email }, cartCount: 0, watchlist: { productId: id, isInWatchlist: false } });
    expect(unwatched.headers.get('cache-control')).toBe('private, no-store');

    const added = await api.gql('mutation($id: ID!) { addToWatchlist(productId: $id) { errors { message } } }', { id }, { token: watcher.token });
    expect(added.errors).toBeUndefined();
    expect((await fillOf(watcher.token, asked)).body.watchlist).toEqual({ productId: id, isInWatchlist: true });
    // Another customer's fill of the same product: their own mark, not the first one's.
    expect((await fillOf(customer.token, asked)).body.watchlist).toEqual({ productId: id, isInWatchlist: false });
    // Without a product (every page but a product's): no mark asked.
    expect((await fillOf(watcher.token)).body).not.toHaveProperty('watchlist');
  });

  it('gives no mark to a visitor, for a bad or unknown product id, or a query without one, and never fails for it', async () => {
    const id = await productId();
    const visitor = await fillOf(undefined, `?product=${encodeURIComponent(id)}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ viewer: null, cart: null, cartCount: 0 });
    for (const query of ['?product=', '?product=not-an-id', `?product=${encodeURIComponent(encodeGlobalID('Product', '999999999'))}`, `?product=${encodeURIComponent(encodeGlobalID('User', customer.user.id))}`, `?product=${'x'.repeat(5000)}`, '?other=1', '?']) {
      const { status, body } = await fillOf(customer.token, query);
      expect(status, query).toBe(200);
      expect(body, query).toMatchObject({ viewer: { email: customer.user.email } });
      expect(body, query).not.toHaveProperty('watchlist');
    }
  });
});
