// The correctness rules for the visitors' answer cache: a change is visible on the next
// request, and nothing personal is ever cached.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { productVariants, products } from '../modules/catalogue/catalogue.tables';
import { refreshProductDerivedFields } from '../modules/catalogue/catalogue.service';
import { createCustomer } from '../modules/checkout/checkout.fixtures';
import { users } from '../modules/accounts/accounts.tables';
import { hashPassword } from '../modules/accounts/passwords';
import { PRIVATE_QUERY_FIELDS, PUBLIC_QUERY_FIELDS } from './response-cache';

/** Notifications arrive after commit, on the database's own schedule: wait for the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let api: TestApi;
let productId: number;
let variantId: number;

beforeAll(async () => {
  api = await createTestApi();
  const { product, variants } = await createTestProduct(api.db, { basePrice: 10_000_00, variants: [{ stockQuantity: 3 }] });
  productId = product.id;
  variantId = variants[0]!.id;
  await settle(); // the fixture's own change notifications, so the first test starts on a quiet generation
});
afterAll(() => api.close());

const PRODUCT = `query ($id: ID!) { product(id: $id) { name variants { isAvailable stockQuantity pricing { price { gross { amount } } } } } }`;
type ProductAnswer = { product: { name: string; variants: { isAvailable: boolean; stockQuantity: number; pricing: { price: { gross: { amount: number } } } }[] } };

async function visitorAsks() {
  const response = await api.api.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
    body: JSON.stringify({ query: PRODUCT, variables: { id: encodeGlobalID('Product', productId) } }),
  });
  return { etag: response.headers.get('etag'), body: (await response.json()) as { data: ProductAnswer } };
}


describe('visitors answer cache', () => {
  it('serves a repeated public question from memory', async () => {
    const first = await visitorAsks();
    expect(first.etag).toMatch(/^g\d+:/);
    const again = await visitorAsks();
    expect(again.etag).toBe(first.etag);
    expect(again.body).toEqual(first.body);
  });

  it('shows a price change and a sold-out variant on the next request', async () => {
    const before = await visitorAsks();
    expect(before.body.data.product.variants[0]).toMatchObject({ isAvailable: true, pricing: { price: { gross: { amount: 10_000 } } } });

    await api.db.update(products).set({ basePrice: 8_500_00 }).where(eq(products.id, productId));
    await refreshProductDerivedFields({ db: api.db }, [productId]);
    await settle();
    const repriced = await visitorAsks();
    expect(repriced.etag).not.toBe(before.etag);
    expect(repriced.body.data.product.variants[0]!.pricing.price.gross.amount).toBe(8_500);

    await api.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, variantId));
    await settle();
    expect((await visitorAsks()).body.data.product.variants[0]).toMatchObject({ isAvailable: false, stockQuantity: 0 });
  });

  it('never caches a request that carries a session', async () => {
    const customer = await createCustomer(api);
    const ask = () =>
      api.api.fetch('http://test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-suki-csrf': '1', authorization: `Bearer ${customer.token}` },
        body: JSON.stringify({ query: '{ me { email } products(first: 1) { totalCount } }' }),
      });
    const first = await ask();
    expect(first.headers.get('etag')).toBeNull();
    expect(((await first.json()) as { data: { me: { email: string } } }).data.me.email).toBe(customer.user.email);
    // A visitor asking the same never gets the customer's answer.
    const visitor = await api.gql<{ me: null }>('{ me { email } products(first: 1) { totalCount } }');
    expect(visitor.data?.me).toBeNull();
  });

  it('never caches a visitor\'s mutation', async () => {
    const customer = await createCustomer(api);
    const password = 'cache-test-secret-7';
    await api.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, customer.user.id));
    const signIn = async (password: string) => {
      const response = await api.api.fetch('http://test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
        body: JSON.stringify({
          query: 'mutation ($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token } }',
          variables: { e: customer.user.email, p: password },
        }),
      });
      return { etag: response.headers.get('etag'), body: (await response.json()) as { data: { tokenCreate: { token: string | null } } } };
    };
    const first = await signIn(password);
    expect(first.etag).toBeNull();
    expect(first.body.data.tokenCreate.token).toBeTruthy();
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, customer.user.id));
    await settle();
    // Answered afresh: the deactivated account gets no token.
    expect((await signIn(password)).body.data.tokenCreate.token).toBeNull();
  });

  it('classifies every root query field as public or private', () => {
    const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));
    const classified = new Set<string>([...PUBLIC_QUERY_FIELDS, ...PRIVATE_QUERY_FIELDS]);
    const unclassified = Object.keys(schema.getQueryType()!.getFields()).filter((field) => !classified.has(field));
    expect(unclassified, 'add each new Query field to PUBLIC_QUERY_FIELDS or PRIVATE_QUERY_FIELDS').toEqual([]);
  });
});
