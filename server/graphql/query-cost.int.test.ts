// Issue 8, finding 14: a query over the cost limit is refused as such, naming limit and cost.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { MAX_QUERY_COST } from './yoga';

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
