// Catalogue rules: listing, search, the category tree, variant snapshots and stock allocation.
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { checkVoucherAmount, VOUCHER_INVALID } from '../../../common/catalogue/product-rules';
import { CART_MESSAGES } from '../../../common/checkout/checkout-messages';
import { formatDecimal } from '../../../common/money';
import { pickDerivative } from './media';
import { variantPrice } from './pricing';
import {
  brands,
  categories,
  productImages,
  productSearch,
  productTypes,
  productVariants,
  products,
} from './catalogue.tables';
import type { CategoryRow } from './catalogue.loaders';
import { productOrder, type ProductSort } from './product-sort';
import { cardColumns, primeCard } from './listing-cards';

// Every product column (the searched words are in product_search, which only the database reads).
const productColumns = getTableColumns(products);
export { productColumns };
export type ProductRow = typeof products.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Listing and search

export type ProductFilter = {
  /** Categories to list; each includes its subcategories. */
  categoryIds?: number[];
  brandIds?: number[];
  /** Free text: full-text match with prefix words, or a close (typo) match on brand + name. */
  query?: string | null;
  /** Centavos; compared with the lowest price the product sells at. */
  minimumPrice?: number | null;
  maximumPrice?: number | null;
  featured?: boolean;
  excludeIds?: number[];
  /** The shopper's order (product-sort.ts); it replaces relevance and featured-first. */
  sort?: ProductSort | null;
};

/** Longest word searched: no product word is longer, and typo correction costs per character. */
const SEARCH_WORD_MAX_LENGTH = 40;

/** Words of the query, for a prefix tsquery such as 'samsung:* & galaxi:*'. */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.slice(0, SEARCH_WORD_MAX_LENGTH));
}

type SearchTerms = { text: string; tsquery: SQL };

/**
 * Typo tolerance: a query word that starts no known word is replaced by the most similar known
 * word (pg_trgm similarity above its default 0.3 threshold), so 'samsng chargr' searches
 * 'samsung charger'. Words with no close match stay as typed and match nothing.
 */
export async function correctSearchWords(ctx: Pick<ServiceContext, 'db'>, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const result = await ctx.db.execute(sql`
    SELECT q.word,
      EXISTS (SELECT 1 FROM search_terms t WHERE t.term LIKE q.word || '%') AS known,
      (SELECT t.term FROM search_terms t WHERE t.term % q.word ORDER BY similarity(t.term, q.word) DESC, t.term LIMIT 1) AS similar
    FROM (VALUES ${sql.join(words.map((w, i) => sql`(${w}::text, ${i}::int)`), sql`, `)}) AS q(word, n)
    ORDER BY q.n`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  const rows = (result as unknown as { rows: { word: string; known: boolean; similar: string | null }[] }).rows;
  return rows.map((r) => (r.known || !r.similar ? r.word : r.similar));
}

// One correction per query text and request: a listing asks for its page and its count.
const corrected = new WeakMap<object, Map<string, Promise<SearchTerms | null>>>();

function searchTerms(ctx: ServiceContext, query: string | null | undefined): Promise<SearchTerms | null> {
  const words = searchWords(query ?? '');
  if (words.length === 0) return Promise.resolve(null);
  let cache = corrected.get(ctx);
  if (!cache) corrected.set(ctx, (cache = new Map()));
  const key = words.join(' ');
  let terms = cache.get(key);
  if (!terms) {
    terms = correctSearchWords(ctx, words).then((fixed) => ({
      text: fixed.join(' '),
      tsquery: sql`to_tsquery('english', ${fixed.map((w) => `${w}:*`).join(' & ')})`,
    }));
    cache.set(key, terms);
  }
  return terms;
}

async function categoryTree(ctx: ServiceContext): Promise<CategoryRow[]> {
  return ctx.db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The given categories and every category under them. */
export async function withDescendants(ctx: ServiceContext, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const all = await categoryTree(ctx);
  const result = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parentId != null && result.has(c.parentId) && !result.has(c.id)) {
        result.add(c.id);
        grew = true;
      }
    }
  }
  return [...result];
}

/** The filter's conditions on products besides publication and the words: none for a plain search. */
async function narrowingConditions(ctx: ServiceContext, filter: ProductFilter): Promise<SQL[]> {
  const where: SQL[] = [];
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    where.push(inArray(products.categoryId, await withDescendants(ctx, filter.categoryIds)));
  }
  if (filter.brandIds && filter.brandIds.length > 0) where.push(inArray(products.brandId, filter.brandIds));
  if (filter.minimumPrice != null) where.push(gte(products.minPrice, filter.minimumPrice));
  if (filter.maximumPrice != null) where.push(lte(products.minPrice, filter.maximumPrice));
  if (filter.featured) where.push(eq(products.isFeatured, true));
  for (const id of filter.excludeIds ?? []) where.push(ne(products.id, id));
  return where;
}

/** Products whose words match: product_search holds every published product's (migration 0035). */
function matchingWords(terms: SearchTerms): SQL {
  return sql`${products.id} IN (SELECT ${productSearch.productId} FROM ${productSearch} WHERE ${productSearch.searchVector} @@ ${terms.tsquery})`;
}

async function filterConditions(ctx: ServiceContext, filter: ProductFilter, terms: SearchTerms | null) {
  // The column itself, not `= $1`: the predicate of the published products' indexes (migration
  // 0036), which PostgreSQL can then prove whether the statement's plan is made for its values or
  // generic.
  const where: SQL[] = [sql`${products.isPublished}`, ...(await narrowingConditions(ctx, filter))];
  if (terms) where.push(matchingWords(terms));
  return and(...where);
}

/**
 * The matches of a search as rows of product_search (product_id, name_length, search_vector):
 * the narrow table alone for a plain search (it holds only published products), joined to
 * products when the filter also narrows by category, brand, price, featured or excluded ids.
 */
function searchMatches(terms: SearchTerms, narrowing: SQL[]): SQL {
  const match = sql`${productSearch.searchVector} @@ ${terms.tsquery}`;
  if (narrowing.length === 0) return sql`${productSearch} WHERE ${match}`;
  return sql`${productSearch} JOIN ${products} ON ${products.id} = ${productSearch.productId}
    WHERE ${and(eq(products.isPublished, true), ...narrowing, match)}`;
}

/** One page of products matching the filter: in the chosen order, else by relevance when searching, else featured first. */
export async function listProducts(
  ctx: ServiceContext,
  filter: ProductFilter,
  page: { limit: number; offset: number },
): Promise<ProductRow[]> {
  return (await productPage(ctx, filter, page, false)).rows;
}

/**
 * A search's page and how many products match, in one statement. Ranking already reads every
 * match, so `count(*) OVER ()` costs almost nothing there, where a separate count scans the
 * matches again (over 100,000 products, thousands of rows: bench/README.md, change 51).
 * `total` is null when the page is past the end (no row to carry the count): ask
 * countProducts then. A listing without a query stops at its page through an index instead.
 */
export async function searchProductsPage(
  ctx: ServiceContext,
  filter: ProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number | null }> {
  return productPage(ctx, filter, page, true);
}

async function productPage(
  ctx: ServiceContext,
  filter: ProductFilter,
  page: { limit: number; offset: number },
  withTotal: boolean,
): Promise<{ rows: ProductRow[]; total: number | null }> {
  const terms = await searchTerms(ctx, filter.query);
  if (terms && !filter.sort) return rankedPage(ctx, await narrowingConditions(ctx, filter), terms, page);
  const where = await filterConditions(ctx, filter, terms);
  const order: SQL[] = filter.sort ? productOrder(filter.sort) : [desc(products.isFeatured), asc(products.id)];
  // The page's ids in order (with the count when asked), then their rows with their cards'
  // columns (listing-cards.ts): a page of cards is one statement. In one select PostgreSQL would
  // run the cards' subqueries for every row up to the page's end, the offset's included. Every
  // order is products' own columns, so the rows are put in order again by them.
  const ids = ctx.db
    .select({
      id: products.id,
      ...(withTotal ? { matchCount: sql<number>`count(*) over ()`.as('match_count') } : {}),
    })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const rows = await ctx.db
    .select({ ...productColumns, ...cardColumns(products.id), matchCount: withTotal ? sql<number>`page.match_count`.mapWith(Number) : sql<null>`null` })
    .from(products)
    .innerJoin(ids, eq(ids.id, products.id))
    .orderBy(...order);
  const total = withTotal && rows.length > 0 ? rows[0]!.matchCount : null;
  return {
    rows: rows.map(({ matchCount: _matchCount, cardImages, cardRating, ...row }) => {
      primeCard(ctx, row.id, cardImages, cardRating);
      return row;
    }),
    total,
  };
}

/**
 * A search in relevance order: weighted full-text rank (brand and name count most), then the
 * shorter brand + name (the closer it is to the query: 'iphone 16 pro' puts the phone before
 * its cases), then the id; with the number of matches.
 *
 * Every match is ranked, so the statement ranks and counts narrow rows and reads the page's 20
 * whole rows only at the end, by id (bench/README.md, change 100). In one select the count's
 * window carried every match's whole row (description, attributes, the vector: 9,340 rows of
 * ~800 bytes spilled to temporary files at 100,000 products) and ranked after it. `OFFSET 0`
 * keeps PostgreSQL from merging `ranked` into the outer select, which would move the rank back
 * above the window (drizzle drops a zero offset, hence the SQL text). The matches are read from
 * product_search (ADR 056): the vector and the name's length in ~400-byte rows, where products'
 * rows are ~1.3 KB with the vector after a dozen variable-length columns; ranking reads every
 * match, so that is a third of the statement (bench/README.md). Same vector, same rank, same
 * order as before.
 */
async function rankedPage(
  ctx: ServiceContext,
  narrowing: SQL[],
  terms: SearchTerms,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number | null }> {
  const ranked = sql`(
    SELECT ${productSearch.productId} AS id, ts_rank_cd(${productSearch.searchVector}, ${terms.tsquery}) AS rank,
      ${productSearch.nameLength} AS name_length
    FROM ${searchMatches(terms, narrowing)} OFFSET 0
  ) ranked`;
  const matches = sql`(
    SELECT id, rank, name_length, count(*) OVER () AS total FROM ${ranked}
    ORDER BY rank DESC, name_length, id LIMIT ${page.limit} OFFSET ${page.offset}
  ) matches`;
  // The page's cards (images, review average) come with their rows (listing-cards.ts): a search
  // of 20 cards is two statements, the typo correction and this one, where the loaders added two.
  const rows = await ctx.db
    .select({ ...productColumns, matchCount: sql<number>`matches.total`.mapWith(Number), ...cardColumns(products.id) })
    .from(products)
    .innerJoin(matches, sql`matches.id = ${products.id}`)
    .orderBy(sql`matches.rank DESC`, sql`matches.name_length`, sql`matches.id`);
  const total = rows.length > 0 ? rows[0]!.matchCount : null;
  return {
    rows: rows.map(({ matchCount: _matchCount, cardImages, cardRating, ...row }) => {
      primeCard(ctx, row.id, cardImages, cardRating);
      return row;
    }),
    total,
  };
}

export async function countProducts(ctx: ServiceContext, filter: ProductFilter): Promise<number> {
  const terms = await searchTerms(ctx, filter.query);
  if (terms) {
    const result = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ${searchMatches(terms, await narrowingConditions(ctx, filter))}`,
    );
    // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products).where(await filterConditions(ctx, filter, null));
  return row?.n ?? 0;
}

/**
 * Products by id (the Product loader: a product's fill, a cart's lines, node(id)), built once (see
 * preparedAnywhere): the ids are one array parameter, so any number of them is the same statement.
 */
const productsByIds = preparedAnywhere((db) =>
  db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('suki_products_by_ids'),
);

export async function getProducts(ctx: ServiceContext, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsByIds(ctx.db).execute({ ids });
}

export async function listCategories(
  ctx: ServiceContext,
  filter: { level?: number | null },
  page: { limit: number; offset: number },
) {
  const where = filter.level != null ? eq(categories.level, filter.level) : undefined;
  return ctx.db
    .select()
    .from(categories)
    .where(where)
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.name))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCategories(ctx: ServiceContext, filter: { level?: number | null }) {
  const where = filter.level != null ? eq(categories.level, filter.level) : undefined;
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(categories).where(where);
  return row?.n ?? 0;
}

export async function getCategoryBySlug(ctx: ServiceContext, slug: string) {
  const [row] = await ctx.db.select().from(categories).where(eq(categories.slug, slug));
  return row ?? null;
}

export async function listBrands(
  ctx: ServiceContext,
  filter: { featured?: boolean },
  page: { limit: number; offset: number },
) {
  return ctx.db
    .select()
    .from(brands)
    .where(filter.featured ? eq(brands.isFeatured, true) : undefined)
    .orderBy(asc(brands.sortOrder), asc(brands.name))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBrands(ctx: ServiceContext, filter: { featured?: boolean }) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(brands)
    .where(filter.featured ? eq(brands.isFeatured, true) : undefined);
  return row?.n ?? 0;
}

/**
 * Recomputes the denormalised columns of products (price bounds from the variants and the sale;
 * search text from brand, name and category path) in one statement. Call after writing products
 * or variants; with no ids, refreshes every product (the seed does this once).
 */
export async function refreshProductDerivedFields(
  ctx: Pick<ServiceContext, 'db'>,
  productIds?: number[],
): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds ? sql`AND p.id IN (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // The sale arithmetic mirrors pricing.ts variantPrice (percent first, then fixed amount, floor 0).
  await ctx.db.execute(sql`
    UPDATE products p SET
      min_price = b.min_price, max_price = b.max_price,
      min_price_undiscounted = b.min_und, max_price_undiscounted = b.max_und,
      search_name = trim(coalesce(b.brand_name, '') || ' ' || p.name),
      search_category = b.category_path,
      updated_at = now()
    FROM (
      SELECT p2.id,
        min(v.price) AS min_price, max(v.price) AS max_price, min(v.und) AS min_und, max(v.und) AS max_und,
        max(br.name) AS brand_name,
        max(coalesce(parent.name || ' ', '') || c.name) AS category_path
      FROM products p2
      JOIN categories c ON c.id = p2.category_id
      LEFT JOIN categories parent ON parent.id = c.parent_id
      LEFT JOIN brands br ON br.id = p2.brand_id
      CROSS JOIN LATERAL (
        SELECT p2.base_price + coalesce(pv.added_price, 0) AS und,
          greatest(0, p2.base_price + coalesce(pv.added_price, 0) - CASE
            WHEN p2.sale_percent > 0 THEN round((p2.base_price + coalesce(pv.added_price, 0)) * p2.sale_percent / 100)::int
            WHEN p2.sale_amount > 0 THEN p2.sale_amount
            ELSE 0 END) AS price
        FROM (SELECT 1) one
        -- Custom voucher amounts (any amount a customer typed) stay out of the price range, and
        -- so does the optional exchange warranty when the product sells without it
        -- (pricing.ts rangeAddedPrices).
        LEFT JOIN product_variants pv ON pv.product_id = p2.id AND NOT pv.is_custom_amount
          AND (coalesce(pv.cover_warranty, 0) = 0 OR NOT EXISTS (
            SELECT 1 FROM product_variants base WHERE base.product_id = p2.id
              AND NOT base.is_custom_amount AND coalesce(base.cover_warranty, 0) = 0))
      ) v
      GROUP BY p2.id
    ) b
    WHERE b.id = p.id ${only}
  `);
  await refreshSearchTerms(ctx, productIds);
}

/** Adds the words of the products' brand, name and category to the search vocabulary. */
export async function refreshSearchTerms(ctx: Pick<ServiceContext, 'db'>, productIds?: number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds ? sql`AND p.id IN (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // The vocabulary the search corrects typos against.
  await ctx.db.execute(sql`
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM products p,
      regexp_split_to_table(lower(p.search_name || ' ' || p.search_category), '[^[:alnum:]]+') AS w
    WHERE length(w) >= 2 ${only}
    ON CONFLICT DO NOTHING
  `);
}

// ---------------------------------------------------------------------------------------------
// The contract checkout and orders code against.

export type VariantSnapshot = {
  variantId: number;
  productId: number;
  productName: string;
  variantName: string;
  sku: string;
  /** Centavos, what the customer pays now. */
  unitPrice: number;
  undiscountedUnitPrice: number;
  stockQuantity: number;
  isAvailable: boolean;
  weightGrams: number;
  isPreOrder: boolean;
  isFreeShippingFee: boolean;
  isInstallmentReady: boolean;
  productTypeName: string;
  isVoucher: boolean;
  thumbnailUrl: string | null;
  brandName: string | null;
  categoryName: string | null;
};

export const VOUCHER_PRODUCT_TYPE_SLUG = 'voucher';
const SNAPSHOT_THUMBNAIL_SIZE = 255;

/** A variant can be bought when it has stock and its product is published. */
export function isVariantAvailable(stockQuantity: number, isPublished: boolean): boolean {
  return isPublished && stockQuantity > 0;
}

/**
 * The image a variant shows: the first (by sort order) of its colour, else its product's first.
 * A subquery of the snapshot's one statement (it was a second statement, run four
 * times per checkout).
 */
const variantImage = sql<{ mediaKey: string; width: number; height: number } | null>`(
  SELECT json_build_object('mediaKey', pi.media_key, 'width', pi.width, 'height', pi.height)
  FROM ${productImages} pi
  WHERE pi.product_id = ${products.id}
  ORDER BY (pi.color IS NOT NULL AND pi.color = ${productVariants.color}) DESC, pi.sort_order, pi.id
  LIMIT 1
)`;

/** getVariantSnapshots' statement, built once (see preparedAnywhere): the ids are one array parameter. */
const variantSnapshotRows = preparedAnywhere((db) =>
  db
    .select({
      variant: productVariants,
      product: {
        id: products.id,
        name: products.name,
        basePrice: products.basePrice,
        salePercent: products.salePercent,
        saleAmount: products.saleAmount,
        weightGrams: products.weightGrams,
        isPublished: products.isPublished,
        isPreOrder: products.isPreOrder,
        isFreeShippingFee: products.isFreeShippingFee,
        isInstallmentReady: products.isInstallmentReady,
      },
      typeName: productTypes.name,
      typeSlug: productTypes.slug,
      typeWeight: productTypes.weightGrams,
      brandName: brands.name,
      categoryName: categories.name,
      image: variantImage,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(sql`${productVariants.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('suki_variant_snapshots'),
);

/** Everything checkout needs about each variant, in one statement whatever the count. */
export async function getVariantSnapshots(
  ctx: ServiceContext,
  variantIds: number[],
): Promise<Map<number, VariantSnapshot>> {
  const result = new Map<number, VariantSnapshot>();
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return result;
  const rows = await variantSnapshotRows(ctx.db).execute({ ids });
  for (const r of rows) {
    const image = r.image;
    const price = variantPrice(r.product, r.variant.addedPrice);
    result.set(r.variant.id, {
      variantId: r.variant.id,
      productId: r.product.id,
      productName: r.product.name,
      variantName: r.variant.name,
      sku: r.variant.sku,
      unitPrice: price.price,
      undiscountedUnitPrice: price.undiscounted,
      stockQuantity: r.variant.stockQuantity,
      isAvailable: isVariantAvailable(r.variant.stockQuantity, r.product.isPublished),
      weightGrams: r.product.weightGrams || r.typeWeight,
      isPreOrder: r.product.isPreOrder,
      isFreeShippingFee: r.product.isFreeShippingFee,
      isInstallmentReady: r.product.isInstallmentReady,
      productTypeName: r.typeName,
      isVoucher: r.typeSlug === VOUCHER_PRODUCT_TYPE_SLUG,
      thumbnailUrl: image
        ? pickDerivative({ key: image.mediaKey, width: image.width, height: image.height }, SNAPSHOT_THUMBNAIL_SIZE).url
        : null,
      brandName: r.brandName,
      categoryName: r.categoryName,
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Custom voucher amounts (createCustomVoucher; docs/product/catalogue.md#custom-vouchers: whole pesos 100 to 10,000).

/** Custom amounts never run out: the voucher is sent by email. */
const CUSTOM_VOUCHER_STOCK = 9999;
export const VOUCHER_NOT_FOUND = 'Voucher not found.';

/**
 * The variant of a voucher product priced at the customer's amount: created the first time the
 * amount is asked for, reused after (one variant per product and amount, found by its SKU, so
 * two customers typing ₱1,500 at once share one). Flagged isCustomAmount: it is bought by id and
 * stays out of the product's variant picker and price range. Signed-in customers only.
 * `amount` is the text typed (digits only); DomainErrors carry the rulebook's messages.
 */
export async function createCustomVoucherVariant(
  ctx: ServiceContext,
  input: { productId: number | null; amount: string },
): Promise<typeof productVariants.$inferSelect> {
  if (!ctx.user) throw new DomainError(CART_MESSAGES.loginRequired);
  const check = checkVoucherAmount(input.amount);
  // Empty is refused like any other non-number (the screen disables add while it is empty).
  if (check.state !== 'valid') throw new DomainError(check.state === 'invalid' ? check.message : VOUCHER_INVALID, 'amount');
  const centavos = check.pesos * 100;
  return ctx.db.transaction(async (tx) => {
    const [product] =
      input.productId == null
        ? []
        : await tx
            .select({ id: products.id, basePrice: products.basePrice, typeSlug: productTypes.slug })
            .from(products)
            .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
            .where(and(eq(products.id, input.productId), eq(products.isPublished, true)));
    if (!product || product.typeSlug !== VOUCHER_PRODUCT_TYPE_SLUG) throw new DomainError(VOUCHER_NOT_FOUND, 'products');
    // Prices are base + added price: the added price makes this variant cost the amount.
    const addedPrice = centavos - product.basePrice;
    const sku = `VOUCHER-${product.id}-${check.pesos}`;
    const inserted = await tx
      .insert(productVariants)
      .values({
        productId: product.id,
        name: `₱${formatDecimal(check.pesos)}`,
        sku,
        stockQuantity: CUSTOM_VOUCHER_STOCK,
        addedPrice,
        isCustomAmount: true,
        sortOrder: 1000,
      })
      .onConflictDoNothing({ target: productVariants.sku })
      .returning();
    if (inserted[0]) {
      // The catalogue's rule after variant writes (custom amounts are left out of the bounds, so
      // the product's price range stays as it was).
      await refreshProductDerivedFields({ db: tx }, [product.id]);
      return inserted[0];
    }
    const [existing] = await tx.select().from(productVariants).where(eq(productVariants.sku, sku));
    if (!existing) throw new Error(`custom voucher variant ${sku} vanished`);
    // The product's base price changed since: keep the variant at the amount asked for.
    if (existing.addedPrice !== addedPrice) {
      const [updated] = await tx.update(productVariants).set({ addedPrice }).where(eq(productVariants.id, existing.id)).returning();
      return updated!;
    }
    return existing;
  });
}

type StockLine = { variantId: number; quantity: number };

/** Adds up lines for the same variant and orders them by id, so concurrent callers lock rows in one order. */
function mergeLines(lines: StockLine[]): StockLine[] {
  const totals = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) {
      throw new DomainError('Please enter the quantity', 'quantity');
    }
    totals.set(line.variantId, (totals.get(line.variantId) ?? 0) + line.quantity);
  }
  return [...totals].sort((a, b) => a[0] - b[0]).map(([variantId, quantity]) => ({ variantId, quantity }));
}

/**
 * Atomic conditional decrement (UPDATE ... SET stock = stock - q WHERE id = ? AND stock >= q),
 * all-or-nothing; call inside the caller's transaction (ctx.db is the tx). Throws
 * DomainError('Out of stock.', 'quantity') when any line lacks stock.
 */
export async function allocateStock(ctx: ServiceContext, lines: StockLine[]): Promise<void> {
  const merged = mergeLines(lines);
  if (merged.length === 0) return;
  const decrement = async (db: ServiceContext['db'], line: StockLine) => {
    const updated = await db
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stockQuantity, line.quantity)))
      .returning({ id: productVariants.id });
    if (updated.length === 0) throw new DomainError('Out of stock.', 'quantity');
  };
  // One line is one statement, all or nothing by itself: no savepoint (two statements more per
  // order).
  if (merged.length === 1) return decrement(ctx.db, merged[0]!);
  // Several: a savepoint makes the decrements all-or-nothing even if the caller catches the
  // error and carries on with its transaction.
  await ctx.db.transaction(async (tx) => {
    for (const line of merged) await decrement(tx, line);
  });
}

/**
 * Returns allocated units (order cancelled or rejected). Answers the products with a variant
 * that had no stock before and has some now (the watchlist's back-in-stock alerts): the row
 * lock of each UPDATE makes exactly one caller see a given return to stock.
 */
export async function releaseStock(ctx: ServiceContext, lines: StockLine[]): Promise<number[]> {
  const restocked = new Set<number>();
  for (const line of mergeLines(lines)) {
    const [row] = await ctx.db
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId))
      .returning({ productId: productVariants.productId, stockQuantity: productVariants.stockQuantity });
    if (row && row.stockQuantity === line.quantity) restocked.add(row.productId);
  }
  return [...restocked];
}

export type ProductTaxClass = (typeof products.$inferSelect)['taxClass'];

/** How each product's sale is taxed (a sales invoice's lines); a product deleted since answers VATABLE. */
export async function taxClassesOfProducts(ctx: Pick<ServiceContext, 'db'>, productIds: readonly number[]): Promise<Map<number, ProductTaxClass>> {
  if (productIds.length === 0) return new Map();
  const rows = await ctx.db.select({ id: products.id, taxClass: products.taxClass }).from(products).where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, r.taxClass]));
}
