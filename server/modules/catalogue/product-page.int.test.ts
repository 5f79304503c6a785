// The product page's query (app/graphql/catalogue-product.ts) reads the product and its related
// products in one statement (product-page.ts): the same answers the fields give when each is
// asked alone through its own loader, and no statement for variants, images, ratings or tire.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductQuery } from '../../../app/graphql/catalogue-product';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { capturedStatements, planWithIndexesOnly } from '../../testing/captured-statements';
import { reviews } from '../reviews/reviews.tables';
import { setProductTire } from '../tires/tires.service';
import { createTestProduct } from './catalogue.fixtures';
import { refreshProductDerivedFields } from './catalogue.service';
import { productImages, products, productVariants } from './catalogue.tables';

let api: TestApi;
let main: Awaited<ReturnType<typeof createTestProduct>>;
let plain: Awaited<ReturnType<typeof createTestProduct>>;
let documents = 0;

/** Another product of `categoryId`, with one variant and `images` pictures. */
async function sibling(categoryId: number, basePrice: number, options: { published?: boolean; images?: number } = {}) {
  const n = ++documents;
  const [row] = await api.db
    .insert(products)
    .values({ name: `Sibling ${n}`, slug: `sibling-${n}-${Date.now()}`, productTypeId: main.product.productTypeId, categoryId, basePrice, isPublished: options.published ?? true })
    .returning();
  await api.db.insert(productVariants).values({ productId: row!.id, name: 'Only', sku: `SIB-${n}-${Date.now()}`, stockQuantity: 3 });
  for (let i = 0; i < (options.images ?? 0); i++) {
    await api.db.insert(productImages).values({ productId: row!.id, sortOrder: 5 - i, alt: `s${n}-${i}`, mediaKey: `p/sib-${n}-${i}`, width: 800, height: 600 });
  }
  await refreshProductDerivedFields({ db: api.db }, [row!.id]);
  return row!.id;
}

beforeAll(async () => {
  api = await createTestApi();
  main = await createTestProduct(api.db, {
    basePrice: 10_000_00,
    salePercent: 10,
    variants: [{ color: 'Red', memory: '128GB' }, { color: 'Blue', memory: '128GB', addedPrice: 500_00, stockQuantity: 0 }, { color: 'Blue', memory: '256GB', addedPrice: 1_000_00 }],
  });
  const id = main.product.id;
  // A typed voucher amount is a variant the picker never offers.
  await api.db.insert(productVariants).values({ productId: id, name: 'Typed amount', sku: `TYPED-${Date.now()}`, isCustomAmount: true, sortOrder: -1 });
  // Images out of insertion order, two of them of one colour.
  await api.db.insert(productImages).values([
    { productId: id, sortOrder: 2, alt: 'back', color: 'Blue', mediaKey: 'p/main-back', width: 1000, height: 1000 },
    { productId: id, sortOrder: 0, alt: 'front', color: 'Red', mediaKey: 'p/main-front', width: 1000, height: 800 },
    { productId: id, sortOrder: 2, alt: 'side', color: 'Blue', mediaKey: 'p/main-side', width: 900, height: 900 },
  ]);
  await setProductTire({ db: api.db }, id, { width: 205, aspectRatio: 55, rimDiameter: 16, loadIndex: 91, speedRating: 'V' });
  await api.db.insert(reviews).values([
    { productId: id, userId: 990_001, rating: 5, note: 'Great', createdAt: new Date('2026-01-05T02:00:00.123Z') },
    { productId: id, userId: 990_002, rating: 2, note: 'Meh', createdAt: new Date('2026-01-06T02:00:00Z') },
  ]);
  const categoryId = main.product.categoryId;
  const price = (await api.db.select({ minPrice: products.minPrice }).from(products).where(eq(products.id, id)))[0]!.minPrice;
  // Nearest in price first, then by id: two at the same distance, one unpublished (never related).
  const cheaper = await sibling(categoryId, price - 100_00, { images: 2 });
  await sibling(categoryId, price + 100_00, { images: 1 });
  await sibling(categoryId, price + 5_000_00);
  await sibling(categoryId, price, { published: false });
  await api.db.insert(reviews).values({ productId: cheaper, userId: 990_003, rating: 4, note: 'Fine', createdAt: new Date('2026-01-07T02:00:00Z') });
  plain = await createTestProduct(api.db, { basePrice: 500_00, variants: [{}] });
});
afterAll(() => api.close());

/** The SQL of every statement `work` sends, read where drizzle hands it to the driver. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const texts = (await capturedStatements(api.db, work)).map((statement) => statement.text);
  // Whole dimension tables (brands, categories, product types) are the table cache's, not the page's.
  return texts.filter((text) => !/^select .* from "(brands|categories|product_types)" limit \$1$/.test(text));
}

/** A document new to the visitors' cache, so it really runs. */
const fresh = (source: string) => `# ${++documents}\n${source}`;

async function ok<T>(query: string, variables: Record<string, unknown>) {
  const result = await api.gql<T>(fresh(query), variables);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

const PRODUCT_FIELDS = `id name totalRating reviewCount tire { size loadIndex speedRating }
  images { id url(size: 510) alt width(size: 510) height(size: 510) sortOrder }
  variants { id name sku isAvailable stockQuantity options { color memory } pricing { price { gross { amount } } }
    images { id alt } thumbnail { url } }
  options { colors memories }
  reviews(first: 10) { totalCount edges { node { note rating date } } }`;
const CARD_FIELDS = 'id name isPreOrder brand { name } thumbnail(size: 255) { url alt width height srcSet } totalRating reviewCount images { id alt sortOrder }';

type Card = { id: string };

describe('the product page', () => {
  it('finds the related products by two ordered scans of the category by price, not a sort of the whole category', async () => {
    const captured = await capturedStatements(api.db, async () => {
      expect((await api.gql(fresh(ProductQuery.source), { id: encodeGlobalID('Product', main.product.id) })).errors).toBeUndefined();
    });
    const page = captured.find((statement) => /cross join lateral/.test(statement.text));
    expect(page, captured.map((statement) => statement.text).join('\n')).toBeDefined();
    // One scan up from the product's price and one down (bench/README.md, change 155).
    const plan = await planWithIndexesOnly(api.db, page!);
    expect(plan.match(/Index Scan using products_published_by_category_idx/g)).toHaveLength(1);
    expect(plan.match(/Index Scan Backward using products_published_by_category_idx/g)).toHaveLength(1);
  });

  it('reads the product, its related products, their images, ratings, variants and tire in one statement', async () => {
    const id = encodeGlobalID('Product', main.product.id);
    let answer: { product: { tire: unknown; variants: unknown[] } | null; relatedProducts: Card[] } | undefined;
    const statements = await statementsOf(async () => {
      const result = await api.gql<typeof answer>(fresh(ProductQuery.source), { id });
      expect(result.errors).toBeUndefined();
      answer = result.data!;
    });
    expect(answer!.product!.tire).toEqual({ size: '205/55 R16' });
    expect(answer!.product!.variants).toHaveLength(3);
    expect(answer!.relatedProducts).toHaveLength(3);
    // The page's statement, then the first page of reviews and their writers' names.
    expect(statements).toHaveLength(3);
    expect(statements.filter((text) => /"product_variants"|"product_images"|"tires"/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /from "reviews"/.test(text))).toHaveLength(2);
  });

  it('reads one statement for a product without reviews, tire or related products, and one for a missing product', async () => {
    const id = encodeGlobalID('Product', plain.product.id);
    let answer: { product: { tire: unknown; totalRating: number; reviewCount: number } | null; relatedProducts: Card[] } | undefined;
    expect(await statementsOf(async () => (answer = (await api.gql<typeof answer>(fresh(ProductQuery.source), { id })).data!))).toHaveLength(2);
    expect(answer!.product).toMatchObject({ tire: null, totalRating: 0, reviewCount: 0 });
    expect(answer!.relatedProducts).toEqual([]);
    const missing = encodeGlobalID('Product', 987_654_321);
    expect(await statementsOf(async () => (answer = (await api.gql<typeof answer>(fresh(ProductQuery.source), { id: missing })).data!))).toHaveLength(1);
    expect(answer).toEqual({ product: null, relatedProducts: [] });
  });

  it('answers as each field asked alone does', async () => {
    for (const productId of [main.product.id, plain.product.id]) {
      const id = encodeGlobalID('Product', productId);
      const page = await ok<{ product: unknown; relatedProducts: Card[] }>(
        `query ($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } relatedProducts(id: $id, first: 8) { ${CARD_FIELDS} } }`,
        { id },
      );
      const alone = await ok<{ product: unknown }>(`query ($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id });
      expect(page.product).toEqual(alone.product);
      // The related products, as the statement of their own gave them before.
      const [product] = await api.db.select().from(products).where(eq(products.id, productId));
      const expected = await api.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.categoryId, product!.categoryId), ne(products.id, productId), eq(products.isPublished, true)))
        .orderBy(sql`abs(${products.minPrice} - ${product!.minPrice})`, asc(products.id))
        .limit(8);
      expect(page.relatedProducts.map((p) => p.id)).toEqual(expected.map((p) => encodeGlobalID('Product', p.id)));
      for (const card of page.relatedProducts) {
        expect(card).toEqual((await ok<{ product: unknown }>(`query ($id: ID!) { product(id: $id) { ${CARD_FIELDS} } }`, { id: card.id })).product);
      }
    }
  });

  it('gives the reviews, variants and images in their order', async () => {
    const id = encodeGlobalID('Product', main.product.id);
    type P = { product: { totalRating: number; reviewCount: number; images: { alt: string }[]; variants: { name: string; images: { alt: string }[] }[]; reviews: { edges: { node: { note: string; date: string } }[] } } };
    const { product } = await ok<P>(`query ($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } relatedProducts(id: $id, first: 2) { id } }`, { id });
    expect(product.totalRating).toBe(3.5);
    expect(product.reviewCount).toBe(2);
    expect(product.images.map((i) => i.alt)).toEqual(['front', 'back', 'side']);
    expect(product.variants.map((v) => v.name)).toEqual(['Red / 128GB', 'Blue / 128GB', 'Blue / 256GB']);
    expect(product.variants[1]!.images.map((i) => i.alt)).toEqual(['back', 'side']);
    expect(product.reviews.edges.map((e) => e.node.note)).toEqual(['Meh', 'Great']);
    expect(product.reviews.edges[1]!.node.date).toBe('2026-01-05T02:00:00.123Z');
  });
});
