// CORS, ids and scalars that used to reach the internal error,
// introspection in a live shop, and counts that promised missing nodes.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { CSRF_HEADER } from './yoga';
import { createCustomer } from '../modules/checkout/checkout.fixtures';
import { CHECKOUT_MESSAGES } from '../modules/checkout/checkout.service';

let api: TestApi;
let live: TestApi;
let productId: number;
let variantId: number;

beforeAll(async () => {
  api = await createTestApi({ corsOrigins: ['https://partner.suki.ph'] });
  live = await createTestApi({ isLive: true });
  const { product, variants } = await createTestProduct(api.db, { basePrice: 1_000_00, variants: [{ addedPrice: 0 }] });
  productId = product.id;
  variantId = variants[0]!.id;
});
afterAll(async () => {
  await api.close();
  await live.close();
});

const INTERNAL = 'INTERNAL_SERVER_ERROR';
const codes = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  (result.errors ?? []).map((e) => e.extensions?.code);

describe('ids', () => {
  it('node(id) and nodes(ids) load every node type by its global id', async () => {
    const id = encodeGlobalID('Product', productId);
    const one = await api.gql<{ node: { id: string; name: string } }>(`query ($id: ID!) { node(id: $id) { id ... on Product { name } } }`, { id });
    expect(one.errors).toBeUndefined();
    expect(one.data!.node.id).toBe(id);
    const many = await api.gql<{ nodes: { id: string }[] }>(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [id, encodeGlobalID('ProductVariant', variantId)],
    });
    expect(many.errors).toBeUndefined();
    expect(many.data!.nodes.map((n) => n.id)).toEqual([id, encodeGlobalID('ProductVariant', variantId)]);
  });

  it('answers a missing or impossible id with a field error, never the internal error', async () => {
    for (const id of [
      encodeGlobalID('Product', 2_147_483_647),
      encodeGlobalID('Product', '99999999999'),
      encodeGlobalID('Product', 'abc'),
      encodeGlobalID('Brand', -1),
    ]) {
      const result = await api.gql(`query ($id: ID!) { node(id: $id) { id } }`, { id });
      expect(codes(result)).not.toContain(INTERNAL);
      expect(result.data?.node ?? null).toBeNull();
    }
    const product = await api.gql(`query ($id: ID!) { product(id: $id) { id } }`, { id: '99999999999' });
    expect(codes(product)).not.toContain(INTERNAL);
  });

  it('answers checkout, order and address ids past the integer range as not found (found by the fuzzer)', async () => {
    const customer = await createCustomer(api);
    for (const checkoutId of [encodeGlobalID('Checkout', '2147483648'), '2147483648', '9999999999']) {
      const result = await api.gql<{ checkoutRemovePromoCode: { errors: { message: string }[] } }>(
        `mutation ($c: ID!) { checkoutRemovePromoCode(checkoutId: $c, promoCode: "null") { errors { message } } }`,
        { c: checkoutId },
        { token: customer.token },
      );
      expect(codes(result)).not.toContain(INTERNAL);
      expect(result.data!.checkoutRemovePromoCode.errors[0]!.message).toBe(CHECKOUT_MESSAGES.notFound);
    }
    const order = await api.gql(`query ($id: ID!) { order(id: $id) { id } }`, { id: encodeGlobalID('Order', '2147483648') }, { token: customer.token });
    expect(codes(order)).not.toContain(INTERNAL);
    const address = await api.gql(`mutation ($id: ID!) { accountAddressDelete(id: $id) { errors { message } } }`, { id: encodeGlobalID('Address', '2147483648') }, { token: customer.token });
    expect(codes(address)).not.toContain(INTERNAL);
  });

  it('counts only the variants that exist', async () => {
    const result = await api.gql<{ productVariants: { totalCount: number; edges: unknown[] } }>(
      `query ($ids: [ID!]) { productVariants(ids: $ids, first: 10) { totalCount edges { node { id } } } }`,
      { ids: [encodeGlobalID('ProductVariant', variantId), encodeGlobalID('ProductVariant', 2_000_000_000)] },
    );
    expect(result.data!.productVariants).toMatchObject({ totalCount: 1, edges: [expect.anything()] });
  });
});

describe('scalars', () => {
  it('refuses bad dates as validation errors', async () => {
    // voucherCreate takes DateTime; the refusal comes before authorization.
    for (const value of ['+272514-01-01T00:00:00Z', 'not a date', '1800-01-01T00:00:00Z']) {
      const result = await api.gql(
        `mutation ($d: DateTime) { voucherCreate(input: { name: "x", code: "X", discountValue: 1, type: FIXED, startDate: $d }) { errors { message } } }`,
        { d: value },
      );
      expect(codes(result)).not.toContain(INTERNAL);
      expect(result.errors![0]!.message).toMatch(/Invalid DateTime/);
    }
  });
});

describe('CORS', () => {
  const preflight = (target: TestApi, origin: string) =>
    target.api.fetch('http://test/graphql', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': `content-type, ${CSRF_HEADER}` },
    });

  it('allows the shop and configured origins with credentials, and no other origin', async () => {
    const own = await preflight(api, new URL(api.config.publicUrl).origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(api.config.publicUrl).origin);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    const partner = await preflight(api, 'https://partner.suki.ph');
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.suki.ph');

    const evil = await preflight(api, 'https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('live mode', () => {
  it('refuses introspection and keeps it in the demo', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await live.gql(query)).errors?.[0]?.message).toMatch(/introspection/i);
    expect((await api.gql(query)).errors).toBeUndefined();
  });

  it('serves GraphiQL to a browser in the demo only', async () => {
    const page = (target: TestApi) => target.api.fetch('http://test/graphql', { headers: { accept: 'text/html' } });
    const demo = await page(api);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toContain('<title>Suki API</title>');
    expect(await (await page(live)).text()).not.toContain('Suki API');
  });

  it('suggests no field names', async () => {
    const result = await live.gql('{ produts(first: 1) { totalCount } }');
    expect(result.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});
