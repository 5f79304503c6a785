// A query over the cost limit is refused as such, naming limit and cost.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { MAX_QUERY_COST } from './armor';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('refuses an over-costly query with its cost and the limit, not as a syntax error', async () => {
  const result = await api.gql(`{ brands(first: 100) { edges { node { products(first: 100) { edges { node {
    variants { id name sku } images { url alt } } } } } } } }`);
  expect(result.data).toBeUndefined();
  const [error] = result.errors!;
  expect(error!.message).not.toMatch(/Syntax Error/);
  expect(error!.message).toMatch(/^Query refused: it costs [\d,]+, over the limit of 50,000\. Ask for fewer items or fields\.$/);
  expect(error!.extensions).toMatchObject({ code: 'QUERY_COST_LIMIT', limit: MAX_QUERY_COST, cost: expect.any(Number) });
  expect(error!.extensions!.cost as number).toBeGreaterThan(MAX_QUERY_COST);
});

// The storefront's deepest page (a category's subcategories with their product cards) sends its
// fields as fragments (ADR 026): they are measured as if inlined, so the page is not refused.
it('measures fragments as if they were inlined', async () => {
  const fields = 'pricing { priceRange { start { gross { amount } } } }';
  const inlined = `{ categories(first: 1) { edges { node { children { products(first: 8) { edges { node { id ${fields} } } } } } } } }`;
  const spread = `{ categories(first: 1) { edges { node { children { products(first: 8) { edges { node { ...Card } } } } } } } }
    fragment Card on Product { id pricing { ...Pricing } }
    fragment Pricing on ProductPricingInfo { priceRange { start { gross { amount } } } }`;
  const [a, b] = [await api.gql(inlined), await api.gql(spread)];
  expect(a.errors).toBeUndefined();
  expect(b.errors).toBeUndefined();
  expect(b.data).toEqual(a.data);
});
