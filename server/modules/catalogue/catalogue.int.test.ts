import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { seedAccounts } from '../accounts/accounts.seed';
import { seedReviews } from '../reviews/reviews.seed';
import { createTestProduct } from './catalogue.fixtures';
import { allocateStock, getVariantSnapshots, refreshProductDerivedFields, releaseStock } from './catalogue.service';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';
import { productVariants, products } from './catalogue.tables';

let api: TestApi;
let seeded: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  api = await createTestApi();
  seeded = await seedCatalogue(api.db, { products: 400 });
  await seedReviews(api.db, { productIds: seeded.productIds, reviewerIds: (await seedAccounts(api.db)).reviewerIds });
});
afterAll(() => api.close());

type Conn<T> = { totalCount: number; edges: { node: T; cursor: string }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null; startCursor: string | null } };
type Money = { gross: { amount: number } };

async function ok<T>(query: string, variables: Record<string, unknown> = {}) {
  const result = await api.gql<T>(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

describe('seed', () => {
  it('writes the same price bounds and search text the service derives', async () => {
    const columns = {
      id: products.id,
      minPrice: products.minPrice,
      maxPrice: products.maxPrice,
      minPriceUndiscounted: products.minPriceUndiscounted,
      maxPriceUndiscounted: products.maxPriceUndiscounted,
      searchName: products.searchName,
      searchCategory: products.searchCategory,
    };
    const seededRows = await api.db.select(columns).from(products).orderBy(products.id);
    await refreshProductDerivedFields({ db: api.db }, seeded.productIds);
    const derived = await api.db.select(columns).from(products).orderBy(products.id);
    expect(seededRows.length).toBeGreaterThanOrEqual(400);
    expect(derived).toEqual(seededRows);
  });
});

describe('pricing', () => {
  const PRICING = `query ($id: ID!) { product(id: $id) {
      pricing { onSale discount { gross { amount } } priceRange { start { gross { amount } } stop { gross { amount } } }
        priceRangeUndiscounted { start { gross { amount } } stop { gross { amount } } }
        priceRangeLocalCurrency { start { gross { amount } } } }
      variants { name addedPrice { amount } pricing { onSale discount { gross { amount } } price { gross { amount localized } } priceUndiscounted { gross { amount } } } } } }`;
  type P = { product: { pricing: { onSale: boolean; discount: Money | null; priceRange: { start: Money; stop: Money }; priceRangeUndiscounted: { start: Money; stop: Money }; priceRangeLocalCurrency: { start: Money } }; variants: { name: string; addedPrice: { amount: number }; pricing: { onSale: boolean; discount: Money | null; price: { gross: { amount: number; localized: string } }; priceUndiscounted: Money } }[] } };

  it('shows a range without a sale', async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 999_900, variants: [{ addedPrice: 0 }, { addedPrice: 200_000 }] });
    const data = await ok<P>(PRICING, { id: encodeGlobalID('Product', product.id) });
    const p = data.product.pricing;
    expect(p.onSale).toBe(false);
    expect(p.discount).toBeNull();
    expect([p.priceRange.start.gross.amount, p.priceRange.stop.gross.amount]).toEqual([9999, 11999]);
    expect(p.priceRangeUndiscounted.stop.gross.amount).toBe(11999);
    expect(p.priceRangeLocalCurrency.start.gross.amount).toBe(9999);
    expect(data.product.variants[1]!.pricing).toMatchObject({ onSale: false, discount: null, price: { gross: { amount: 11999, localized: '₱11,999.00' } } });
  });

  it('takes a percentage off every variant, rounded to the centavo', async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 1_999_900, salePercent: 12.5, variants: [{}, { addedPrice: 300_000 }] });
    const data = await ok<P>(PRICING, { id: String(product.id) });
    const p = data.product.pricing;
    expect(p.onSale).toBe(true);
    // 12.5% of 19,999.00 is 2,499.875: rounded to 2,499.88 off.
    expect(p.priceRange.start.gross.amount).toBe(17499.12);
    expect(p.priceRangeUndiscounted.start.gross.amount).toBe(19999);
    expect(p.discount!.gross.amount).toBe(2499.88);
    expect(data.product.variants[1]!.pricing.price.gross.amount).toBe(20124.12);
    expect(data.product.variants[1]!.pricing.priceUndiscounted.gross.amount).toBe(22999);
  });

  it('takes a fixed amount off, never below zero', async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 50_000, saleAmount: 80_000, variants: [{}, { addedPrice: 100_000 }] });
    const data = await ok<P>(PRICING, { id: String(product.id) });
    expect(data.product.pricing.priceRange.start.gross.amount).toBe(0);
    expect(data.product.pricing.priceRange.stop.gross.amount).toBe(700);
    expect(data.product.variants[1]!.pricing.discount!.gross.amount).toBe(800);
  });
});

describe('category tree', () => {
  it('lists top-level categories with their children, and a parent lists its subcategories\' products', async () => {
    type C = { id: string; name: string; slug: string; level: number; parent: { id: string } | null; children: { name: string; level: number }[]; products: { totalCount: number }; backgroundImage: { url: string; width: number; height: number } | null };
    const data = await ok<{ categories: Conn<C> }>(`{ categories(first: 50, level: 0) { totalCount edges { node {
      id name slug level parent { id } children { name level } products(first: 1) { totalCount } backgroundImage(size: 510) { url width height } } } } }`);
    const names = data.categories.edges.map((e) => e.node.name);
    expect(names).toEqual(expect.arrayContaining(['Mobile Phones', 'Tablets', 'Accessories', 'Tires', 'Vouchers']));
    expect(data.categories.totalCount).toBe(names.length);
    const accessories = data.categories.edges.find((e) => e.node.slug === 'accessories')!.node;
    expect(accessories.level).toBe(0);
    expect(accessories.parent).toBeNull();
    expect(accessories.children.map((c) => c.name)).toEqual(['Chargers', 'Cables', 'Power Banks', 'Cases', 'Screen Protectors', 'Audio']);
    expect(accessories.children.every((c) => c.level === 1)).toBe(true);
    expect(accessories.backgroundImage).toEqual({ url: expect.stringMatching(/^\/media\/v2\/category\/accessories\/510\.webp$/), width: 510, height: 170 });

    const sub = await ok<{ categories: Conn<{ slug: string; parent: { id: string }; products: { totalCount: number } }> }>(
      `{ categories(first: 50, level: 1) { edges { node { slug parent { id } products(first: 1) { totalCount } } } } }`,
    );
    const accessoryChildren = sub.categories.edges.filter((e) => e.node.parent.id === accessories.id);
    const sum = accessoryChildren.reduce((n, e) => n + e.node.products.totalCount, 0);
    expect(sum).toBeGreaterThan(0);
    expect(accessories.products.totalCount).toBe(sum);
  });

  it('finds a category by id and by slug', async () => {
    const id = encodeGlobalID('Category', seeded.categoryIds.get('tires')!);
    const data = await ok<{ a: { name: string; seoTitle: string; url: string }; b: { name: string } }>(
      `query ($id: ID!) { a: category(id: $id) { name seoTitle url } b: category(slug: "chargers") { name } }`,
      { id },
    );
    expect(data.a).toEqual({ name: 'Tires', seoTitle: 'Tires | Suki', url: `/shop/category/${id}` });
    expect(data.b.name).toBe('Chargers');
  });

  it('pages its products by productsCount unless the field asks for a size', async () => {
    const id = encodeGlobalID('Category', seeded.categoryIds.get('tires')!);
    type P = { products: { totalCount: number; edges: unknown[] } };
    const data = await ok<{ a: P; b: P; c: { first: P['products'] } }>(
      `query ($id: ID!) {
        a: category(id: $id, productsCount: 3) { products { totalCount edges { node { id } } } }
        b: category(id: $id) { products { edges { node { id } } totalCount } }
        c: category(id: $id, productsCount: 3) { first: products(first: 5) { totalCount edges { node { id } } } }
      }`,
      { id },
    );
    expect(data.a.products.totalCount).toBeGreaterThan(5);
    expect(data.a.products.edges).toHaveLength(3);
    expect(data.b.products.edges).toHaveLength(Math.min(20, data.b.products.totalCount));
    expect(data.c.first.edges).toHaveLength(5);
  });
});

describe('product listing', () => {
  it('pages with cursors and reports the total', async () => {
    const Q = `query ($after: String) { products(first: 25, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }`;
    const first = await ok<{ products: Conn<{ id: string }> }>(Q);
    const [all] = await api.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.isPublished, true));
    expect(first.products.totalCount).toBe(all!.n);
    expect(all!.n).toBeGreaterThanOrEqual(400);
    expect(first.products.edges).toHaveLength(25);
    expect(first.products.pageInfo.hasNextPage).toBe(true);
    const second = await ok<{ products: Conn<{ id: string }> }>(Q, { after: first.products.pageInfo.endCursor });
    const ids = new Set(first.products.edges.map((e) => e.node.id));
    expect(second.products.edges.some((e) => ids.has(e.node.id))).toBe(false);
  });

  it('filters by brand, category and price (pesos), and lists featured products', async () => {
    const apple = encodeGlobalID('Brand', seeded.brandIds.get('Apple')!);
    const phones = encodeGlobalID('Category', seeded.categoryIds.get('mobile-phones')!);
    type N = { name: string; brand: { name: string }; category: { slug: string } };
    const data = await ok<{ products: Conn<N> }>(
      `query ($brand: ID, $cats: [ID!]) {
        products(first: 100, brand: $brand, categories: $cats, minimumPrice: 40000, maximumPrice: 60000) { totalCount edges { node {
          name brand { name } category { slug } } } } }`,
      { brand: apple, cats: [phones] },
    );
    expect(data.products.totalCount).toBeGreaterThan(0);
    for (const { node } of data.products.edges) {
      expect(node.brand.name).toBe('Apple');
      expect(node.category.slug).toBe('mobile-phones');
    }
    // Prices in a second query: the API's cost limit keeps one query from nesting everything.
    const prices = await ok<{ products: Conn<{ pricing: { priceRange: { start: Money } } }> }>(
      `query ($brand: ID) { products(first: 100, brand: $brand, minimumPrice: 40000, maximumPrice: 60000) { edges { node { pricing { priceRange { start { gross { amount } } } } } } } }`,
      { brand: apple },
    );
    expect(prices.products.edges.length).toBeGreaterThanOrEqual(data.products.edges.length);
    for (const { node } of prices.products.edges) {
      expect(node.pricing.priceRange.start.gross.amount).toBeGreaterThanOrEqual(40000);
      expect(node.pricing.priceRange.start.gross.amount).toBeLessThanOrEqual(60000);
    }
    const featured = await ok<{ featuredProducts: Conn<{ isFeatured: boolean }> }>(`{ featuredProducts(first: 8) { totalCount edges { node { isFeatured } } } }`);
    expect(featured.featuredProducts.totalCount).toBeGreaterThanOrEqual(8);
    expect(featured.featuredProducts.edges).toHaveLength(8);
    expect(featured.featuredProducts.edges.every((e) => e.node.isFeatured)).toBe(true);
  });

  it('returns null for an unknown product, and related products from the same category', async () => {
    const missing = await ok<{ product: null }>(`{ product(id: "${encodeGlobalID('Product', 999999)}") { id } }`);
    expect(missing.product).toBeNull();
    const id = encodeGlobalID('Product', seeded.productIds[4]!);
    const data = await ok<{ product: { category: { id: string } }; relatedProducts: { id: string; category: { id: string } }[] }>(
      `query ($id: ID!) { product(id: $id) { category { id } } relatedProducts(id: $id, first: 4) { id category { id } } }`,
      { id },
    );
    expect(data.relatedProducts.length).toBeGreaterThan(0);
    expect(data.relatedProducts.every((p) => p.id !== id && p.category.id === data.product.category.id)).toBe(true);
  });

  it("reads a product page's product and related products with one batch of nested loads", async () => {
    const id = encodeGlobalID('Product', seeded.productIds[5]!);
    const fields = 'name brand { name } category { name } images { url } thumbnail { url }';
    // A comment makes each document new to the visitors' cache, so both really run.
    const statementsOf = async (query: string) => {
      const before = api.database.statementCount();
      await ok(query, { id });
      return api.database.statementCount() - before;
    };
    const alone = await statementsOf(`# alone\nquery ($id: ID!) { product(id: $id) { ${fields} } }`);
    const page = await statementsOf(`# page\nquery ($id: ID!) { product(id: $id) { ${fields} } relatedProducts(id: $id, first: 4) { ${fields} } }`);
    // The related products cost no statement more: the product, its related products and
    // their images are one statement (product-page.ts), where the product alone reads its
    // images apart (product-page.int.test.ts counts the page's statements exactly).
    expect(page).toBeLessThan(alone);
  });

  it('gives every image its size, thumbnails by requested width', async () => {
    const data = await ok<{ products: Conn<{ thumbnail: { url: string; width: number; height: number }; images: { url: string; width: number; height: number; sortOrder: number }[] }> }>(
      `{ products(first: 3) { edges { node { thumbnail(size: 510) { url width height } images { url width height sortOrder } } } } }`,
    );
    for (const { node } of data.products.edges) {
      expect(node.thumbnail).toMatchObject({ width: 510, height: 510, url: expect.stringMatching(/^\/media\/v2\/p\/.+\/510\.webp$/) });
      expect(node.images[0]).toMatchObject({ width: 510, height: 510, sortOrder: 0 });
    }
  });
});

describe('search', () => {
  const SEARCH = `query ($q: String) { products(first: 10, query: $q) { totalCount edges { node { name brand { name } category { name } } } } }`;
  type S = { products: Conn<{ name: string; brand: { name: string } | null; category: { name: string } }> };

  it('ranks name matches first', async () => {
    const data = await ok<S>(SEARCH, { q: 'iphone 16 pro' });
    expect(data.products.edges[0]!.node.name).toMatch(/^iPhone 16 Pro/);
    expect(data.products.edges[1]!.node.name).toMatch(/^iPhone 16 Pro/);
  });

  it('matches brands and categories', async () => {
    const samsung = await ok<S>(SEARCH, { q: 'samsung' });
    expect(samsung.products.totalCount).toBeGreaterThan(3);
    expect(samsung.products.edges.slice(0, 5).every((e) => e.node.brand?.name === 'Samsung')).toBe(true);
    const tires = await ok<S>(SEARCH, { q: 'passenger car tires michelin' });
    expect(tires.products.totalCount).toBeGreaterThan(0);
    expect(tires.products.edges.every((e) => e.node.brand?.name === 'Michelin' && e.node.category.name === 'Passenger Car Tires')).toBe(true);
  });

  it('forgives typos', async () => {
    const data = await ok<S>(SEARCH, { q: 'samsng galaxy' });
    expect(data.products.totalCount).toBeGreaterThan(0);
    expect(data.products.edges[0]!.node.brand?.name).toBe('Samsung');
    const charger = await ok<S>(SEARCH, { q: 'anker chargr' });
    expect(charger.products.edges[0]!.node.name).toMatch(/Charger/);
  });

  it('counts the matches in the page statement: the same total on every page and past the end', async () => {
    const PAGE = `query ($q: String, $after: String) { products(first: 7, query: $q, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }`;
    type Page = { products: Conn<{ id: string }> };
    const ids: string[] = [];
    let after: string | null = null;
    let total = -1;
    for (;;) {
      const page: Page = await ok<Page>(PAGE, { q: 'samsung', after });
      if (total < 0) total = page.products.totalCount;
      expect(page.products.totalCount).toBe(total);
      ids.push(...page.products.edges.map((e) => e.node.id));
      if (!page.products.pageInfo.hasNextPage) {
        after = page.products.pageInfo.endCursor;
        break;
      }
      after = page.products.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(7);
    expect(new Set(ids).size).toBe(total);
    // Past the end no row carries the count: it is counted apart, and agrees.
    const past = await ok<Page>(PAGE, { q: 'samsung', after });
    expect(past.products.edges).toHaveLength(0);
    expect(past.products.totalCount).toBe(total);
    // The total costs no statement of its own (a comment makes each document new to the cache).
    const statementsOf = async (query: string) => {
      const before = api.database.statementCount();
      await ok(query, { q: 'galaxy' });
      return api.database.statementCount() - before;
    };
    const withTotal = await statementsOf(`# total\nquery ($q: String) { products(first: 5, query: $q) { totalCount edges { node { id } } } }`);
    const without = await statementsOf(`# no total\nquery ($q: String) { products(first: 5, query: $q) { edges { node { id } } } }`);
    expect(withTotal).toBe(without);
  });

  it("reads a page of cards' images and review averages in its own statement, as the loaders give them", async () => {
    const CARD = 'id totalRating reviewCount thumbnail(size: 255) { url width height } images { url alt }';
    type Card = { id: string; totalRating: number; reviewCount: number; thumbnail: unknown; images: unknown[] };
    const statementsOf = async (query: string) => {
      const before = api.database.statementCount();
      const data = await ok<{ products: Conn<Card> }>(query, { q: 'samsung' });
      return { statements: api.database.statementCount() - before, cards: data.products.edges.map((e) => e.node) };
    };
    // A comment makes each document new to the response cache.
    const ids = await statementsOf(`# ids\nquery ($q: String) { products(first: 20, query: $q) { totalCount edges { node { id } } } }`);
    const cards = await statementsOf(`# cards\nquery ($q: String) { products(first: 20, query: $q) { totalCount edges { node { ${CARD} } } } }`);
    expect(cards.cards.length).toBeGreaterThan(3);
    expect(cards.statements).toBe(ids.statements);
    // The same cards read product by product, through the images and ratings loaders.
    const alone = await Promise.all(
      cards.cards.map(async ({ id }) => (await ok<{ product: Card }>(`# alone\nquery ($id: ID!) { product(id: $id) { ${CARD} } }`, { id })).product),
    );
    expect(cards.cards).toEqual(alone);
    expect(alone.some((card) => card.reviewCount > 0 && card.totalRating > 0)).toBe(true);
    expect(alone.some((card) => card.images.length > 1)).toBe(true);
  });

  it('finds words by prefix and finds nothing for nonsense', async () => {
    const prefix = await ok<S>(SEARCH, { q: 'power ban' });
    expect(prefix.products.edges[0]!.node.category.name).toBe('Power Banks');
    const none = await ok<S>(SEARCH, { q: 'zzqxv' });
    expect(none.products.totalCount).toBe(0);
  });
});

describe('variants', () => {
  it('lists variants by id with options, stock and pricing', async () => {
    const { variants } = await createTestProduct(api.db, {
      basePrice: 500_000,
      variants: [{ color: 'Black', memory: '128GB', stockQuantity: 0 }, { color: 'Blue', memory: '256GB', addedPrice: 100_000 }],
    });
    const ids = variants.map((v) => encodeGlobalID('ProductVariant', v.id));
    const data = await ok<{ productVariants: Conn<{ id: string; sku: string; options: { color: string; memory: string }; isAvailable: boolean; stockQuantity: number; pricing: { price: Money }; product: { id: string } }> }>(
      `query ($ids: [ID!]) { productVariants(ids: $ids, first: 10) { totalCount edges { node { id sku options { color memory } isAvailable stockQuantity pricing { price { gross { amount } } } product { id } } } } }`,
      { ids },
    );
    expect(data.productVariants.totalCount).toBe(2);
    const [a, b] = data.productVariants.edges.map((e) => e.node);
    expect(a).toMatchObject({ options: { color: 'Black', memory: '128GB' }, isAvailable: false, stockQuantity: 0 });
    expect(b).toMatchObject({ isAvailable: true, pricing: { price: { gross: { amount: 6000 } } } });
  });
});

describe('reviews', () => {
  it('pages a product\'s reviews newest first with the average rating', async () => {
    const list = await ok<{ products: Conn<{ id: string; totalRating: number; reviewCount: number }> }>(
      `{ products(first: 30) { edges { node { id totalRating reviewCount } } } }`,
    );
    const reviewed = list.products.edges.map((e) => e.node).filter((p) => p.reviewCount > 0);
    expect(reviewed.length).toBeGreaterThan(5);
    for (const p of reviewed.slice(0, 6)) {
      const data = await ok<{ product: { reviews: Conn<{ rating: number; date: string; note: string; user: { firstName: string } }> } }>(
        `query ($id: ID!) { product(id: $id) { reviews(first: 10) { totalCount edges { node { rating date note user { firstName } } } } } }`,
        { id: p.id },
      );
      const page = data.product.reviews;
      const ratings = page.edges.map((e) => e.node.rating);
      expect(page.totalCount).toBe(p.reviewCount);
      expect(p.totalRating).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 5);
      const dates = page.edges.map((e) => e.node.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(page.edges[0]!.node.user.firstName).not.toBe('');
    }
  });
});

describe('no N+1', () => {
  it('costs the same number of statements for 5 and 50 products', async () => {
    const LISTING = `query ($first: Int) { products(first: $first) { totalCount edges { node {
      id name isPreOrder totalRating thumbnail(size: 255) { url width height } brand { name } category { name parent { name } }
      productType { name } collections { name } images { url }
      pricing { onSale discount { gross { amount } } priceRange { start { gross { amount } } stop { gross { amount } } } }
      variants { id name isAvailable options { color } pricing { price { gross { amount } } } }
      tire { size } } } } }`;
    const count = async (first: number) => {
      const statements = countStatements(api);
      const result = await api.gql(LISTING, { first });
      expect(result.errors).toBeUndefined();
      return statements.stop();
    };
    const five = await count(5);
    const fifty = await count(50);
    expect(fifty).toBe(five);
    expect(fifty).toBeLessThanOrEqual(11);
  });

  it("reads a listing's card images and review averages in its page statement, in every order and on later pages", async () => {
    const CARD = 'id totalRating reviewCount thumbnail(size: 255) { url width height } images { url alt }';
    type Card = { id: string; totalRating: number; reviewCount: number; thumbnail: unknown; images: unknown[] };
    type Page = { products: Conn<Card> };
    const alone = (id: string) => ok<{ product: Card }>(`# alone\nquery ($id: ID!) { product(id: $id) { ${CARD} } }`, { id }).then((d) => d.product);
    for (const sortBy of [null, { field: 'PRICE', direction: 'ASC' }, { field: 'RATING', direction: 'DESC' }]) {
      const listing = (fields: string, after: string | null) =>
        `# ${fields.length} ${after}\nquery ($sortBy: ProductOrder, $after: String) { products(first: 12, sortBy: $sortBy, after: $after) { totalCount pageInfo { endCursor } edges { node { ${fields} } } } }`;
      let after: string | null = null;
      for (const pageNumber of [1, 2]) {
        let before = api.database.statementCount();
        const ids: Page = await ok<Page>(listing('id', after), { sortBy, after });
        const idStatements = api.database.statementCount() - before;
        before = api.database.statementCount();
        const cards: Page = await ok<Page>(listing(CARD, after), { sortBy, after });
        expect(api.database.statementCount() - before, `page ${pageNumber} by ${JSON.stringify(sortBy)}`).toBe(idStatements);
        const found = cards.products.edges.map((e) => e.node);
        expect(found.map((c) => c.id)).toEqual(ids.products.edges.map((e) => e.node.id));
        expect(found).toHaveLength(12);
        expect(found).toEqual(await Promise.all(found.map((c) => alone(c.id))));
        after = cards.products.pageInfo.endCursor;
      }
    }
  });
});

describe('stock contract', () => {
  it('snapshots variants with what checkout needs', async () => {
    const { product, variants, brand, category } = await createTestProduct(api.db, { name: 'Snap', basePrice: 100_000, salePercent: 10, variants: [{ color: 'Red' }] });
    const snapshots = await getVariantSnapshots(api.serviceContext(), [variants[0]!.id, 424242]);
    expect(snapshots.size).toBe(1);
    expect(snapshots.get(variants[0]!.id)).toMatchObject({
      productId: product.id,
      productName: 'Snap',
      unitPrice: 90_000,
      undiscountedUnitPrice: 100_000,
      stockQuantity: 10,
      isAvailable: true,
      weightGrams: 300,
      isVoucher: false,
      brandName: brand.name,
      categoryName: category.name,
      thumbnailUrl: null,
    });
  });

  it('allocates all or nothing and releases', async () => {
    const { variants } = await createTestProduct(api.db, { basePrice: 100, variants: [{ stockQuantity: 3 }, { stockQuantity: 1 }] });
    const [a, b] = variants.map((v) => v.id) as [number, number];
    const stockOf = async (id: number) =>
      (await api.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stockQuantity;
    await expect(
      allocateStock(api.serviceContext(), [{ variantId: a, quantity: 2 }, { variantId: b, quantity: 2 }]),
    ).rejects.toMatchObject({ message: 'Out of stock.', errors: [{ field: 'quantity', message: 'Out of stock.' }] });
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 1]);
    await allocateStock(api.serviceContext(), [{ variantId: a, quantity: 1 }, { variantId: a, quantity: 1 }, { variantId: b, quantity: 1 }]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([1, 0]);
    await releaseStock(api.serviceContext(), [{ variantId: a, quantity: 2 }, { variantId: b, quantity: 1 }]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 1]);
  });

  it('never sells more than exists when checkouts race', async () => {
    const { variants } = await createTestProduct(api.db, { basePrice: 100, variants: [{ stockQuantity: 5 }] });
    const id = variants[0]!.id;
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        api.db.transaction((tx) => allocateStock({ ...api.serviceContext(), db: tx }, [{ variantId: id, quantity: 1 }])),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    expect(attempts.filter((a) => a.status === 'rejected')).toHaveLength(7);
    const [row] = await api.db.select({ n: sql<number>`stock_quantity` }).from(productVariants).where(eq(productVariants.id, id));
    expect(row!.n).toBe(0);
  });
});

/** Counts SQL statements sent to the driver from now until stop(). */
function countStatements(testApi: TestApi) {
  // Both drivers expose the underlying client as $client (PGlite or a pg Pool); drizzle sends
  // every statement through its query() (and PGlite's exec() for unparameterised SQL).
  const client = (testApi.db as unknown as { $client: Record<string, unknown> }).$client;
  let n = 0;
  const originals: [string, unknown][] = [];
  for (const method of ['query', 'exec']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    originals.push([method, original]);
    client[method] = function (this: unknown, ...args: unknown[]) {
      n++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return {
    stop() {
      for (const [method, original] of originals) client[method] = original;
      return n;
    },
  };
}
