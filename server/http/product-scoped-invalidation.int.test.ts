// ADR 053: a change to one product drops only what shows it. Product A's visible stock going low
// and a staff edit of A's own columns keep product B's cached answer and stored page, while A's
// answer and page, the listings and the searches that hold A are fresh on the next request. A
// change that moves a product among the others (its price) still starts a new generation.
//
// The pages are a stand-in for the storefront (which needs a build): the front, the page cache
// and a handler that asks the real API through the in-process client, wired as server/http/app.ts
// wires them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import express from 'express';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../graphql/context';
import { createInProcessClient } from '../graphql/in-process';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { refreshProductDerivedFields } from '../modules/catalogue/catalogue.service';
import { products, productVariants } from '../modules/catalogue/catalogue.tables';
import { createFront } from './front';
import { createPageCache, PAGE_CACHE_HEADER, PAGE_TAGS_LOCAL } from './page-cache';

/** Notifications arrive after commit, on the database's own schedule: wait for them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

const PRODUCT = `query Product($id: ID!) { product(id: $id) { name variants { stockQuantity } } relatedProducts(id: $id) { name } }`;
const LISTING = `query Listing($query: String) { products(first: 100, query: $query) { edges { node { name variants { stockQuantity } } } } }`;
type ProductAnswer = { product: { name: string; variants: { stockQuantity: number }[] } | null };
type ListingAnswer = { products: { edges: { node: { name: string; variants: { stockQuantity: number }[] } }[] } };

let t: TestApi;
let a: { id: string; row: number; variant: number };
let b: { id: string; row: number };
let ask: (path: string) => Promise<{ text: string; cache: string | null }>;
let closeServer = () => {};

beforeAll(async () => {
  t = await createTestApi();
  const made = await createTestProduct(t.db, { name: 'Aurora Phone', basePrice: 1_000_00, variants: [{ stockQuantity: 40 }] });
  const other = await createTestProduct(t.db, { name: 'Borealis Tablet', basePrice: 2_000_00, variants: [{ stockQuantity: 40 }] });
  a = { id: encodeGlobalID('Product', made.product.id), row: made.product.id, variant: made.variants[0]!.id };
  b = { id: encodeGlobalID('Product', other.product.id), row: other.product.id };

  // The storefront's stand-in: a product page and a listing page, each asking the API in process.
  const pages = createPageCache({ generation: () => t.api.catalogueGeneration(), tokenCookie: TOKEN_COOKIE, productChanges: t.api.productChanges });
  t.api.productChanges.listen((tags) => pages.drop(tags));
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'n0nce';
    next();
  });
  app.get('/{*path}', pages.recorder);
  app.get('/{*path}', async (req, res) => {
    const client = createInProcessClient(t.api, {
      requestId: 'test',
      pageTags: pages.keyOf(req) !== null ? (res.locals[PAGE_TAGS_LOCAL] = { tags: new Set<string>(), unknown: false }) : undefined,
    });
    const productId = /^\/product\/(.+)$/.exec(req.path)?.[1];
    const answer = productId
      ? await client.execute({ source: PRODUCT, name: 'Product' }, { id: decodeURIComponent(productId) })
      : await client.execute({ source: LISTING, name: 'Listing' }, { query: typeof req.query.query === 'string' ? req.query.query : null });
    res.type('html').send(`<html>${JSON.stringify(answer.data)}</html>`);
  });
  const front = createFront({ pages, metrics: { record: () => undefined }, log: pino({ level: 'silent' }) }, app);
  const server = createServer(front).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  closeServer = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ask = async (path) => {
    const response = await fetch(`${base}${path}`);
    return { text: await response.text(), cache: response.headers.get(PAGE_CACHE_HEADER) };
  };
  await settle();
});
afterAll(async () => {
  closeServer();
  await t.close();
});

const visitorProduct = async (id: string) => (await t.gql<ProductAnswer>(PRODUCT, { id })).data!.product!;
const visitorListing = async (query: string | null) => (await t.gql<ListingAnswer>(LISTING, { query })).data!.products.edges.map((e) => e.node);
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = t.database.statementCount();
  await work();
  return t.database.statementCount() - before;
}
const generation = () => t.api.catalogueGeneration();
const pathOf = (id: string) => `/product/${encodeURIComponent(id)}`;

/** Every answer and page of the test asked once, so that each is kept. */
async function warm() {
  for (const id of [a.id, b.id]) await visitorProduct(id);
  for (const query of [null, 'aurora', 'borealis', 'nebula']) await visitorListing(query);
  for (const path of [pathOf(a.id), pathOf(b.id), '/shop', '/shop?query=aurora', '/shop?query=borealis']) await ask(path);
  // Kept: asked again, nothing runs and every page is a hit.
  expect(await statementsOf(() => visitorProduct(b.id))).toBe(0);
  for (const path of [pathOf(a.id), pathOf(b.id), '/shop', '/shop?query=aurora']) expect((await ask(path)).cache).toBe('hit');
}

describe('a change to one product', () => {
  it("A's stock going low keeps B's answer and page; A's answer, page, listings and searches are fresh", async () => {
    await warm();
    const before = generation();
    await t.db.update(productVariants).set({ stockQuantity: 5 }).where(eq(productVariants.id, a.variant));
    await settle();
    expect(generation()).toBe(before);

    // B: its answer and its page are kept, and so is a search that does not hold A.
    expect(await statementsOf(() => visitorProduct(b.id))).toBe(0);
    expect((await ask(pathOf(b.id))).cache).toBe('hit');
    expect(await statementsOf(() => visitorListing('borealis'))).toBe(0);
    expect((await ask('/shop?query=borealis')).cache).toBe('hit');
    // A: fresh everywhere it shows.
    expect((await visitorProduct(a.id)).variants).toEqual([{ stockQuantity: 5 }]);
    const page = await ask(pathOf(a.id));
    expect(page.cache).toBe('miss');
    expect(page.text).toContain('"stockQuantity":5');
    for (const query of [null, 'aurora']) expect((await visitorListing(query)).find((p) => p.name === 'Aurora Phone')!.variants).toEqual([{ stockQuantity: 5 }]);
    for (const path of ['/shop', '/shop?query=aurora']) {
      const listing = await ask(path);
      expect(listing.cache).toBe('miss');
      expect(listing.text).toContain('"stockQuantity":5');
    }

    // Sold out: the same again.
    await t.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, a.variant));
    await settle();
    expect(generation()).toBe(before);
    expect((await ask(pathOf(b.id))).cache).toBe('hit');
    expect((await visitorProduct(a.id)).variants).toEqual([{ stockQuantity: 0 }]);
    expect((await ask(pathOf(a.id))).text).toContain('"stockQuantity":0');
  });

  it("a staff edit of A's name keeps B's answer and page; every listing and search is fresh", async () => {
    await warm();
    const before = generation();
    await t.db.update(products).set({ name: 'Nebula Phone' }).where(eq(products.id, a.row));
    await refreshProductDerivedFields({ db: t.db }, [a.row]);
    await settle();
    expect(generation()).toBe(before);

    expect(await statementsOf(() => visitorProduct(b.id))).toBe(0);
    expect((await ask(pathOf(b.id))).cache).toBe('hit');
    expect((await visitorProduct(a.id)).name).toBe('Nebula Phone');
    expect((await ask(pathOf(a.id))).text).toContain('Nebula Phone');
    // A search asked before the edit found nothing; now it finds A. Listings are all dropped.
    expect((await visitorListing('nebula')).map((p) => p.name)).toEqual(['Nebula Phone']);
    expect((await visitorListing(null)).map((p) => p.name)).toContain('Nebula Phone');
    const shop = await ask('/shop');
    expect(shop.cache).toBe('miss');
    expect(shop.text).toContain('Nebula Phone');
  });

  it("a change that moves A among the others (its price) still empties everything", async () => {
    await warm();
    const before = generation()!;
    await t.db.update(products).set({ basePrice: 500_00 }).where(eq(products.id, a.row));
    await refreshProductDerivedFields({ db: t.db }, [a.row]);
    await settle();
    expect(generation()).toBeGreaterThan(before);
    expect(await statementsOf(() => visitorProduct(b.id))).toBeGreaterThan(0);
    expect((await ask(pathOf(b.id))).cache).toBe('miss');
  });
});
