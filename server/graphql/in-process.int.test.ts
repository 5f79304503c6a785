// The in-process client serves one page: it checks the session once, asks a repeated personal
// query once, asks public questions as a visitor (from the visitors' cache), and forgets all
// of that at a mutation.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operation, type Operation, type OperationResult } from '../../common/graphql-operation';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { createCustomer, type Customer } from '../modules/checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createInProcessClient, operationShape } from './in-process';

/** Notifications arrive after commit, on the database's own schedule: wait for the next one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const Viewer = operation<{ me: { id: string; firstName: string } | null }>(`query Viewer { me { id firstName unreadOrdersCount } }`);
const Cart = operation<{ me: { checkout: { id: string } | null } | null }>(`query Cart { me { checkout { id } } }`);
const Product = operation<{ product: { name: string } | null }, { id: string }>(`query Product($id: ID!) { product(id: $id) { name } }`);
const Rename = operation<{ accountUpdate: { errors: unknown[] } }, { name: string }>(
  `mutation Rename($name: String) { accountUpdate(input: { firstName: $name, middleName: "Santos", lastName: "Cruz", birthday: "1990-01-02" }) { errors { message } } }`,
);

let api: TestApi;
let customer: Customer;
let productId: string;

beforeAll(async () => {
  api = await createTestApi();
  customer = await createCustomer(api);
  const { product } = await createTestProduct(api.db, { basePrice: 1_000_00, variants: [{ stockQuantity: 3 }] });
  productId = encodeGlobalID('Product', product.id);
  await settle();
});
afterAll(() => api.close());

/** A page's client, as route loaders call it through app/lib/api.server.ts. */
type Ask = <T, V>(op: Operation<T, V>, variables?: V) => Promise<OperationResult<T>>;
const pageOf = (token: string | null) =>
  createInProcessClient(api.api, { cookie: token ? `token=${token}` : undefined, requestId: 'test-page' }).execute as unknown as Ask;

/** SQL statements run by `work`. */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = api.database.statementCount();
  await work();
  return api.database.statementCount() - before;
}

describe('operationShape', () => {
  it('calls a query public only when every root field is public', () => {
    expect(operationShape('query { products(first: 2) { edges { node { id } } } __typename }')).toEqual({ mutation: false, public: true });
    expect(operationShape('query { products(first: 2) { totalCount } me { id } }')).toEqual({ mutation: false, public: false });
    expect(operationShape('{ checkout(id: "x") { id } }')).toEqual({ mutation: false, public: false });
    expect(operationShape('mutation { tokenCreate(email: "a", password: "b") { token } }')).toEqual({ mutation: true, public: false });
    expect(operationShape('query { ...F } fragment F on Query { products(first: 1) { totalCount } }')).toEqual({ mutation: false, public: false });
    expect(operationShape('query {')).toEqual({ mutation: false, public: false });
    // Public roots, but the answer depends on who asks: the watchlist heart, staff-only facts.
    expect(operationShape('query { product(id: "x") { name isInWatchlist } }')).toEqual({ mutation: false, public: false });
    expect(operationShape('query { products(first: 1) { edges { node { ...P } } } } fragment P on Product { adminInfo { isPublished } }')).toEqual({
      mutation: false,
      public: false,
    });
  });
});

describe('one page of a signed-in customer', () => {
  it("answers the customer's own watchlist heart, not the visitors' cached one", async () => {
    const Watched = operation<{ product: { isInWatchlist: boolean } | null }, { id: string }>(
      `query Watched($id: ID!) { product(id: $id) { isInWatchlist } }`,
    );
    const Watch = operation<{ addToWatchlist: { errors: unknown[] } }, { id: string }>(
      `mutation Watch($id: ID!) { addToWatchlist(productId: $id) { errors { message } } }`,
    );
    expect((await pageOf(null)(Watched, { id: productId })).data?.product?.isInWatchlist).toBe(false);
    expect((await pageOf(customer.token)(Watch, { id: productId })).data?.addToWatchlist.errors).toEqual([]);
    expect((await pageOf(customer.token)(Watched, { id: productId })).data?.product?.isInWatchlist).toBe(true);
    expect((await pageOf(null)(Watched, { id: productId })).data?.product?.isInWatchlist).toBe(false);
  });

  it('checks the session once for all its operations', async () => {
    const viewerAlone = await statementsOf(() => pageOf(customer.token)(Viewer));
    const cartAlone = await statementsOf(() => pageOf(customer.token)(Cart));
    const page = pageOf(customer.token);
    const together = await statementsOf(async () => {
      await page(Viewer);
      await page(Cart);
    });
    // Each alone reads the session; together they read it once.
    expect(together).toBe(viewerAlone + cartAlone - 1);
  });

  it('asks a repeated personal query once, each caller getting its own copy', async () => {
    const page = pageOf(customer.token);
    const once = await statementsOf(() => pageOf(customer.token)(Viewer));
    let first: OperationResult<{ me: { firstName: string } | null }> | undefined;
    const thrice = await statementsOf(async () => {
      [first] = await Promise.all([page(Viewer), page(Viewer)]);
      await page(Viewer);
    });
    expect(thrice).toBe(once);
    first!.data!.me!.firstName = 'changed by a loader';
    expect((await page(Viewer)).data?.me?.firstName).toBe(customer.user.firstName);
  });

  it('asks public questions as a visitor, from the visitors cache', async () => {
    const visitor = await pageOf(null)(Product, { id: productId });
    const page = pageOf(customer.token);
    let answer: unknown;
    expect(await statementsOf(async () => (answer = await page(Product, { id: productId })))).toBe(0);
    expect(answer).toEqual(visitor);
    // Personal questions still carry the session.
    expect((await page(Viewer)).data?.me?.id).toBe(encodeGlobalID('User', customer.user.id));
  });

  it('forgets the session and earlier answers at a mutation', async () => {
    const page = pageOf(customer.token);
    expect((await page(Viewer)).data?.me?.firstName).toBe(customer.user.firstName);
    expect((await page(Rename, { name: 'Renamed' })).data?.accountUpdate.errors).toEqual([]);
    expect((await page(Viewer)).data?.me?.firstName).toBe('Renamed');
  });
});

describe('personal queries without the HTTP pipeline (ADR 036)', () => {
  /** The same operation over HTTP, as a browser's API call goes through Yoga's whole pipeline. */
  async function overHttp<T>(op: Operation<T, unknown>, variables: unknown, token: string | null): Promise<unknown> {
    const response = await api.api.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-suki-csrf': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: op.source, operationName: op.name, variables }),
    });
    return response.json();
  }

  it("answers what Yoga answers: the customer's data, a visitor's null, a refused input", async () => {
    expect(await pageOf(customer.token)(Viewer)).toEqual(await overHttp(Viewer, {}, customer.token));
    expect(await pageOf(null)(Viewer)).toEqual({ data: { me: null } });
    const Search = operation<{ me: { id: string } | null; products: { totalCount: number } | null }, { q: string }>(
      `query Search($q: String) { me { id } products(first: 1, query: $q) { totalCount } }`,
    );
    const long = 'x'.repeat(10_000);
    const refused = await pageOf(customer.token)(Search, { q: long });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'query' } });
    expect(refused).toEqual(await overHttp(Search, { q: long }, customer.token));
  });

  it('reports an invalid document as Yoga does, and runs no SQL for it', async () => {
    const Broken = operation<unknown>(`query Broken { me { noSuchField } }`);
    let answer: OperationResult<unknown> | undefined;
    expect(await statementsOf(async () => (answer = await pageOf(customer.token)(Broken)))).toBe(0);
    expect(answer?.errors?.[0]?.message).toMatch(/noSuchField/);
    expect(answer?.data).toBeUndefined();
  });

  it("refuses what graphql-armor refuses, in Yoga's words, and runs no SQL for it", async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ');
    const parents = (depth: number): string => (depth === 0 ? 'id' : `id parent { ${parents(depth - 1)} }`);
    const refusedShapes = [
      operation<unknown>(`query TooManyAliases { me { ${aliases} } }`),
      operation<unknown>(`query TooDeep { me { checkout { lines { variant { product { category { ${parents(8)} } } } } } } }`),
      operation<unknown>(`query TooCostly { me { orders(first: 100) { edges { node { lines { product {
        variants { id } images { url } category { products(first: 100) { edges { node { id name } } } } } } } } } } }`),
      operation<unknown>(`query TooLong { me { ${Array.from({ length: 1_100 }, () => 'id').join(' ')} } }`),
    ];
    for (const op of refusedShapes) {
      let answer: OperationResult<unknown> | undefined;
      expect(await statementsOf(async () => (answer = await pageOf(customer.token)(op))), op.name).toBe(0);
      expect(answer?.data, op.name).toBeUndefined();
      expect(answer?.errors?.length, op.name).toBeGreaterThan(0);
      const http = (await overHttp(op, {}, customer.token)) as OperationResult<unknown>;
      expect(answer?.errors?.map((e) => e.message), op.name).toEqual(http.errors?.map((e) => e.message));
    }
  });
});

describe("public answers kept for the process's pages", () => {
  it('serves a repeated public question without SQL, and a changed product anew', async () => {
    const Named = operation<{ product: { name: string } | null }, { id: string }>(`query Named($id: ID!) { product(id: $id) { name } }`);
    const first = await pageOf(customer.token)(Named, { id: productId });
    const yoga = vi.spyOn(api.api, 'fetch');
    try {
      expect(await statementsOf(() => pageOf(null)(Named, { id: productId }))).toBe(0);
      expect(yoga).not.toHaveBeenCalled();
      // A personal query never comes from Yoga's pipeline either.
      await pageOf(customer.token)(Viewer);
      expect(yoga).not.toHaveBeenCalled();
    } finally {
      yoga.mockRestore();
    }
    // A staff change notifies the catalogue channel: the kept answer goes with the cache's.
    await api.db.execute(sql`update products set name = 'Renamed product' where id = ${Number(decodeGlobalID(productId).id)}`);
    await settle();
    expect(first.data?.product?.name).not.toBe('Renamed product');
    expect((await pageOf(customer.token)(Named, { id: productId })).data?.product?.name).toBe('Renamed product');
  });

  it("answers a page's new public question without Yoga, and keeps it for the visitors' API as Yoga would", async () => {
    const Priced = operation<{ product: { name: string; pricing: unknown } | null }, { id: string }>(`query Priced($id: ID!) { product(id: $id) { name pricing { onSale } } }`);
    const yoga = vi.spyOn(api.api, 'fetch');
    let page: unknown;
    try {
      page = await pageOf(null)(Priced, { id: productId });
      expect(yoga).not.toHaveBeenCalled();
    } finally {
      yoga.mockRestore();
    }
    // A visitor asking the API the same gets the same answer, from the same cache entry.
    let response: Response | undefined;
    expect(
      await statementsOf(async () => {
        response = await api.api.fetch('http://test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
          body: JSON.stringify({ query: Priced.source, operationName: 'Priced', variables: { id: productId } }),
        });
      }),
    ).toBe(0);
    expect(await response!.json()).toEqual(page);
    expect(response!.headers.get('etag')).toMatch(/^g\d+:/);
    expect(api.api.holdsAnswer(response!.headers.get('etag')!)).toBe(true);
  });
});

