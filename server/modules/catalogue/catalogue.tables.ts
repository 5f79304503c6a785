// Catalogue tables: brands, the category tree, product types, products, variants, images, collections.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { StoredImage } from './media';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const brands = pgTable(
  'brands',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    image: jsonb().$type<StoredImage>(),
    isInstallmentReady: boolean().notNull().default(false),
    // TOP BRANDS on the home page.
    isFeatured: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('brands_slug_idx').on(t.slug)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    // 0 for a top-level category; kept in step with parentId by the service.
    level: integer().notNull().default(0),
    backgroundImage: jsonb().$type<StoredImage>(),
    sortOrder: integer().notNull().default(0),
    /**
     * The product page's variant picker style for this category's products (Category.variantStyling,
     * docs/decisions/044): 'Mobile phones' and 'Tablets' preselect the first color and its memory.
     * Null: the plain picker. Staff set it (categoryUpdate).
     */
    variantStyling: text(),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    hasVariants: boolean().notNull().default(true),
    isShippingRequired: boolean().notNull().default(true),
    isDigital: boolean().notNull().default(false),
    // Spirits and the like: the product page asks for the shopper's age first.
    isAgeRestricted: boolean().notNull().default(false),
    weightGrams: integer().notNull().default(0),
    /** Public key-value facts about the type that clients read (ProductType.meta, ADR 044); staff set them. */
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex('product_types_slug_idx').on(t.slug)],
);

export type ProductAttribute = { name: string; values: string[] };

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull().default(''),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    brandId: integer().references(() => brands.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    isPublished: boolean().notNull().default(true),
    isPreOrder: boolean().notNull().default(false),
    isFreeShippingFee: boolean().notNull().default(false),
    // How its sale is taxed on a sales invoice (docs/decisions/052-sales-invoices.md): VATABLE
    // (12% VAT inside the price), VAT_EXEMPT or ZERO_RATED.
    taxClass: text({ enum: ['VATABLE', 'VAT_EXEMPT', 'ZERO_RATED'] }).notNull().default('VATABLE'),
    isInstallmentReady: boolean().notNull().default(false),
    hasInstacoverWarranty: boolean().notNull().default(false),
    // BEST DEALS (featuredProducts, /shop/best-deals/today).
    isFeatured: boolean().notNull().default(false),
    weightGrams: integer().notNull().default(0),
    attributes: jsonb().$type<ProductAttribute[]>().notNull().default([]),
    /** Centavos; a variant costs basePrice + its addedPrice before any sale. */
    basePrice: integer().notNull(),
    /** A sale: a percentage off (e.g. 12.5) or a fixed amount off in centavos; percent wins. */
    salePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    saleAmount: integer(),
    // Denormalised from the variants by the service (price filter and ordering without joins).
    minPrice: integer().notNull().default(0),
    maxPrice: integer().notNull().default(0),
    minPriceUndiscounted: integer().notNull().default(0),
    maxPriceUndiscounted: integer().notNull().default(0),
    // Search text the service keeps in step: brand + name, and category names (with parents).
    // Their words (and the description's) are searched in product_search, kept by triggers.
    searchName: text().notNull().default(''),
    searchCategory: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // What the "best rated" order reads (product-sort.ts), kept by triggers on reviews (migration
    // 0037, docs/decisions/057-product-rankings.md): the sum and number of its reviews' ratings
    // and their average as avg() gives it (0 without a review). Never written by the services.
    ratingSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    ratingAverage: doublePrecision()
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN review_count = 0 THEN 0 ELSE (rating_sum::numeric / review_count)::float8 END`),
    // What the "best selling" order reads: units on orders not cancelled or rejected, folded in
    // from product_units_sold_changes by a job (units-sold.ts, migration 0038, ADR 058), never by
    // the checkout's transaction. Never written by the services.
    unitsSold: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_min_price_idx').on(t.minPrice),
    // The default listing order (featured first, then oldest): a page without a sort over every row.
    index('products_listing_idx').on(t.isFeatured.desc().nullsFirst(), t.id),
    index('products_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // The published products by category and lowest price, with the other columns a listing
    // narrows by. A listing's count (countProducts: "N products" and its pages) is an index-only
    // scan of it instead of a read of every product's ~1 KB row, and a product page's related
    // products (nearest in price in its category: product-page.ts) two short ordered scans from
    // the product's price instead of a sort of its whole category. At 100,000 products: the
    // shop's count 88 -> 14 ms, a category's 45 -> 6, a tire's related products 59 -> 1.4 ms
    // (bench/README.md, change 155).
    index('products_published_by_category_idx').on(t.categoryId, t.minPrice, t.brandId, t.isFeatured).where(sql`${t.isPublished}`),
    // The "newest" order (product-sort.ts: when added, then id, both one way) read in order and
    // stopped at the page: without it every published product was sorted, 112-134 ms for the
    // shop's first page at 100,000 products (bench/README.md, change 155).
    index('products_published_created_idx').on(t.createdAt, t.id).where(sql`${t.isPublished}`),
    // "Best rated" read in order and stopped at the page, as the newest order: it joined every
    // product's review aggregate and sorted every match, 148-430 ms for a first page at 100,000
    // products (bench/README.md, changes 155 and 156).
    index('products_published_rating_idx').on(t.ratingAverage, t.reviewCount, t.id).where(sql`${t.isPublished}`),
    // "Best selling" read in order and stopped at the page: it joined every product's units sold
    // from the order lines and sorted every match, 47-69 ms p50 at 100,000 products (change 156).
    index('products_published_units_sold_idx').on(t.unitsSold, t.id).where(sql`${t.isPublished}`),
  ],
);

/**
 * Units sold not yet folded into products.units_sold: written by triggers on orders and order
 * lines (migration 0038) in the order's own transaction, one narrow row per line, with no index
 * and no foreign key, so a checkout neither updates nor locks a product's row for it; taken and
 * summed into products by the fold job (units-sold.ts, ADR 058).
 */
export const productUnitsSoldChanges = pgTable('product_units_sold_changes', {
  productId: integer().notNull(),
  units: integer().notNull(),
});

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sku: text().notNull(),
    color: text(),
    memory: text(),
    /** Months of exchange warranty (InstaCover): 0 (not availed) or 12. Null when not offered. */
    coverWarranty: integer(),
    stockQuantity: integer().notNull().default(0),
    /** Centavos added to the product's base price for this variant. */
    addedPrice: integer().notNull().default(0),
    /** Centavos charged when the customer uses the exchange warranty. */
    exchangeRequestFee: integer().notNull().default(0),
    sortOrder: integer().notNull().default(0),
    /**
     * A voucher amount a customer typed (createCustomVoucher): bought like any variant, but kept
     * out of the product's variant picker, options and price range.
     */
    isCustomAmount: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('product_variants_sku_idx').on(t.sku),
    index('product_variants_product_idx').on(t.productId),
    // allocateStock's conditional decrement relies on this as a last line of defence.
    check('product_variants_stock_non_negative', sql`${t.stockQuantity} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
    alt: text().notNull().default(''),
    /** The colour this image shows; a variant of that colour lists it first. */
    color: text(),
    mediaKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

export const collections = pgTable(
  'collections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
  },
  (t) => [uniqueIndex('collections_slug_idx').on(t.slug)],
);

export const productCollections = pgTable(
  'product_collections',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.collectionId] }), index('product_collections_collection_idx').on(t.collectionId)],
);

/**
 * What the search reads, one narrow row per published product (docs/decisions/056-product-search-table.md):
 * the weighted words of its brand + name (A), category path (B) and description (C), and the
 * length of its brand + name (the tie-break after the rank). Triggers on products keep it
 * (migration 0035): a product inserted, published, unpublished, or whose name, category text
 * or description changed, in the same statement; a deleted product's row goes by the foreign key.
 * Ranking every match read the vector out of products' ~1.3 KB rows; here rows are ~400 bytes
 * and the vector is their third column (bench/README.md).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    nameLength: integer().notNull(),
    searchVector: tsvector().notNull(),
  },
  (t) => [index('product_search_vector_idx').using('gin', t.searchVector)],
);

/**
 * The words of every product's brand, name and category: the search corrects a misspelt query
 * word to the closest of these (pg_trgm similarity) before the full-text match.
 */
export const searchTerms = pgTable(
  'search_terms',
  { term: text().primaryKey() },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);
