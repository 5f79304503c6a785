// Variables nested 3,000 levels deep overflowed the stack in the response
// cache's key (stableStringify) and answered 500. They are refused with 400 before any work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createCustomer, type Customer } from '../modules/checkout/checkout.fixtures';
import { MAX_INPUT_DEPTH } from './input-depth';
import { CSRF_HEADER } from './yoga';

let api: TestApi;
let customer: Customer;

beforeAll(async () => {
  api = await createTestApi();
  customer = await createCustomer(api);
});
afterAll(() => api.close());

/** An object `depth` levels deep: { a: { a: ... 'x' } }. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

type Answer = { status: number; body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } };

async function ask(query: string, variables: unknown, init: { token?: string; method?: 'GET' | 'POST' } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: '1' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response =
    init.method === 'GET'
      ? await api.api.fetch(`http://test/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`, { headers })
      : await api.api.fetch('http://test/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const PUBLIC = 'query ($id: ID!) { product(id: $id) { id } }';
const SEARCH = 'query ($q: String) { products(first: 1, query: $q) { totalCount } }';

const refused = (answer: Answer) => {
  expect(answer.status).toBe(400);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors![0]!.message).toBe(`Request refused: variables nest more than ${MAX_INPUT_DEPTH} levels deep.`);
  expect(answer.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables', maxDepth: MAX_INPUT_DEPTH });
};

describe('variables nested too deeply', () => {
  it('answers 400 with a clear error for 3,000 levels, as a visitor (the cached path), signed in, and by GET', async () => {
    refused(await ask(PUBLIC, { id: nested(3000) }));
    refused(await ask(SEARCH, { q: nested(3000) }));
    refused(await ask(SEARCH, { q: nested(3000) }, { token: customer.token }));
    refused(await ask(SEARCH, { q: nested(3000) }, { method: 'GET' }));
    // In an unused variable, and in a list: refused all the same, before any parsing.
    refused(await ask(SEARCH, { q: 'phone', unused: [[nested(3000)]] }));
    refused(await ask('{ this is not graphql', { q: nested(3000) }));
  });

  it('refuses just past the bound and keeps the ordinary answer for 20 levels', async () => {
    refused(await ask(SEARCH, { q: nested(MAX_INPUT_DEPTH) }));

    // 20 levels: not refused for depth; graphql-js says what is wrong with the value itself.
    const twenty = await ask(SEARCH, { q: nested(20) });
    expect(twenty.status).not.toBe(500);
    expect(twenty.body.errors![0]!.message).toMatch(/String cannot represent a non string value/);
    expect(twenty.body.errors![0]!.extensions?.maxDepth).toBeUndefined();

    const fine = await ask(SEARCH, { q: 'phone', extra: nested(20) });
    expect(fine.status).toBe(200);
    expect(fine.body.errors).toBeUndefined();
    expect(fine.body.data).toEqual({ products: { totalCount: expect.any(Number) } });
  });

  it('refuses deep extensions too', async () => {
    const response = await api.api.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify({ query: SEARCH, variables: { q: 'x' }, extensions: nested(3000) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer['body']).errors![0]!.extensions).toMatchObject({ field: 'extensions' });
  });

  it('refuses them on the server-rendered pages\' in-process paths too', async () => {
    const base = { source: SEARCH, requestId: 'deep', clientIp: null };
    const personal = JSON.parse(await api.api.queryInProcess({ ...base, variables: { q: nested(3000) }, token: customer.token, deviceToken: null, sessions: new Map() })) as Answer['body'];
    expect(personal.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', maxDepth: MAX_INPUT_DEPTH });
    const visitor = await api.api.queryPublic({ ...base, variables: { q: nested(3000) } });
    expect(visitor!.etag).toBeNull();
    expect((JSON.parse(visitor!.text) as Answer['body']).errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', maxDepth: MAX_INPUT_DEPTH });
  });
});
