// The product page asks `product(id)` and `relatedProducts(id)` in one operation. Resolved
// apart, the related products arrived two statements after the product, so every nested field
// (brand, images, categories, review averages...) was loaded twice, in two dataloader batches:
// 14 statements for a cold product page (bench/README.md, change 9). Here both root fields wait
// for one shared promise, and that promise is one statement: the product and its related
// products (the product's category, nearest in price), each with its images and review average,
// the product with its variants and tire size (productPageRows; the cards' columns are
// listing-cards.ts's, as a search's and a listing's are). What it read primes the request's
// loaders, so the page's nested fields ask nothing more (7 statements were 1 + the reviews;
// bench/README.md, change 140).
import { eq, sql } from 'drizzle-orm';
import type DataLoader from 'dataloader';
import { alias } from 'drizzle-orm/pg-core';
import { getArgumentValues, Kind, type GraphQLResolveInfo } from 'graphql';
import type { Database } from '../../db/client';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { GraphQLContext, ServiceContext } from '../../graphql/context';
import { ask } from '../system/domain-events';
import { productPageTire } from './catalogue.events';
import { catalogueLoaders, jsonRowOf, qualified as q, type VariantRow } from './catalogue.loaders';
import { products, productVariants } from './catalogue.tables';
import { productColumns, type ProductRow } from './catalogue.service';
import { cardColumns, parsedJson, primeCard } from './listing-cards';
import { parseId } from './ids';

type Pair = Promise<[ProductRow | null, ProductRow[]]>;
const pairs = new WeakMap<GraphQLContext, Map<string, Pair>>();

export const RELATED_DEFAULT = 8;
export const RELATED_MAX = 50;
const relatedLimit = (first: number | null | undefined) => Math.min(Math.max(first ?? RELATED_DEFAULT, 0), RELATED_MAX);

const near = alias(products, 'near');
const asked = alias(products, 'asked');

/**
 * The product page's one statement: the product and its related products (other published
 * products of its category, nearest in price first, then by id), each with its images and the review
 * average (the reviews module's read), the product with its variants (the picker's: no custom
 * voucher amounts) and its tire row (the tires module's read). Every list in its loader's order.
 * Built once per opened database and prepared (server/db/prepared-anywhere.ts): building it was a fifth of
 * a cold page's CPU. `withRelated` false: the product alone (a limit of 0).
 */
function productPageStatement(db: Database, withRelated: boolean) {
  const id = sql.placeholder('id');
  const limit = sql.placeholder('limit');
  // The related products: the `limit` nearest in price on each side of the asked product's price,
  // each side an ordered scan of products_published_by_category_idx from that price (the nearest
  // `limit` overall, ties by id, are among them), then the nearest of those. One select ordered
  // by the distance sorted the whole category: 59 ms for a tire at 100,000 products
  // (bench/README.md, change 155). `is_published` bare: the index's predicate, proved in the
  // prepared statement's generic plan too.
  const side = (above: boolean) => sql`(select ${q(near.id)} as id, ${q(near.minPrice)} as min_price from ${products} as near
    where ${q(near.categoryId)} = ${q(asked.categoryId)} and ${q(near.isPublished)} and ${q(near.id)} <> ${q(asked.id)}
      and ${q(near.minPrice)} ${above ? sql`>=` : sql`<`} ${q(asked.minPrice)}
    order by ${q(near.minPrice)} ${above ? sql`asc` : sql`desc`}, ${q(near.id)} limit ${limit})`;
  const nearest = sql`(select nearest.id from ${products} as asked cross join lateral (${side(true)} union all ${side(false)}) nearest
    where ${q(asked.id)} = ${id} order by abs(nearest.min_price - ${q(asked.minPrice)}), nearest.id limit ${limit})`;
  const productId = q(products.id);
  const isAsked = sql`${productId} = ${id}`;
  return db
    .select({
      ...productColumns,
      ...cardColumns(products.id),
      pageVariants: sql<unknown>`case when ${isAsked} then (select coalesce(json_agg(${jsonRowOf(productVariants)} order by ${q(productVariants.sortOrder)}, ${q(productVariants.id)}), '[]') from ${productVariants} where ${q(productVariants.productId)} = ${productId} and not ${q(productVariants.isCustomAmount)}) end`,
      pageTire: sql<unknown>`case when ${isAsked} then ${tireRead().select(products.id)} end`,
    })
    .from(products)
    // `= any(array(...))`, not `id = $1 or id in (...)`: with the `or` PostgreSQL scanned every
    // product and ran the subqueries' plan through its JIT (0.5 s a page before statistics).
    // The id's type is said once: a prepared statement's parameters take the type inferred first.
    .where(withRelated ? sql`${productId} = any(array(select ${id}::int union all ${nearest}))` : eq(products.id, id))
    .prepare(withRelated ? 'catalogue_product_page' : 'catalogue_product_page_alone');
}
/** The tires module's part of the statement: the same answer every time (its port is answered once). */
const tireRead = () => ask(productPageTire)();
const withRelatedStatement = preparedAnywhere((db) => productPageStatement(db, true));
const aloneStatement = preparedAnywhere((db) => productPageStatement(db, false));

export async function productPageRows(ctx: ServiceContext, id: number, limit: number) {
  const rows = await (limit > 0 ? withRelatedStatement : aloneStatement)(ctx.db).execute({ id, limit });
  const tire = tireRead();
  let product: ProductRow | null = null;
  const related: ProductRow[] = [];
  for (const { cardImages, cardRating, pageVariants, pageTire, ...row } of rows) {
    primeCard(ctx, row.id, cardImages, cardRating);
    if (row.id === id) {
      product = row;
      catalogueLoaders.variantsByProduct(ctx).prime(row.id, parsedJson<VariantRow[]>(pageVariants));
      tire.keep(ctx, row.id, parsedJson(pageTire));
    } else related.push(row);
  }
  if (!product) return { product: null, related: [] };
  const distance = (row: ProductRow) => Math.abs(row.minPrice - product!.minPrice);
  related.sort((a, b) => distance(a) - distance(b) || a.id - b.id);
  return { product, related };
}

type ProductLoader = DataLoader<number, ProductRow>;

/** `product(id)`: alone, through the dataloader; asked with its related products, from the pair. */
export async function productFor(ctx: GraphQLContext, loader: ProductLoader, id: number, info: GraphQLResolveInfo): Promise<ProductRow | null> {
  const related = relatedAskedWith(info, info.variableValues, id);
  return related ? (await productAndRelated(ctx, loader, id, related.first))[0] : loader.load(id).catch(() => null);
}

/**
 * The product and its related products, once per request and product (productPageRows); the
 * Product dataloader is primed with both.
 */
export function productAndRelated(ctx: GraphQLContext, loader: ProductLoader, id: number, first: number | null | undefined): Pair {
  let memo = pairs.get(ctx);
  if (!memo) pairs.set(ctx, (memo = new Map()));
  const key = `${id}:${relatedLimit(first)}`;
  let pair = memo.get(key);
  if (!pair) {
    pair = productPageRows(ctx, id, relatedLimit(first)).then(({ product, related }) => {
      if (product) loader.prime(product.id, product);
      for (const row of related) loader.prime(row.id, row);
      return [product, related];
    });
    memo.set(key, pair);
  }
  return pair;
}

/**
 * The `first` argument of a `relatedProducts` root field asked for the same product id in this
 * operation, or undefined when there is none: then `product` need not wait for it.
 */
function relatedAskedWith(info: GraphQLResolveInfo, variables: GraphQLResolveInfo['variableValues'], id: number): { first: number | null } | undefined {
  const field = info.parentType.getFields().relatedProducts;
  if (!field || info.parentType !== info.schema.getQueryType()) return undefined;
  for (const selection of info.operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.name.value !== 'relatedProducts' || selection.directives?.length) continue;
    try {
      const args = getArgumentValues(field, selection, variables) as { id?: unknown; first?: number | null };
      if (typeof args.id === 'string' && parseId(args.id, 'Product') === id) return { first: args.first ?? null };
    } catch {
      // An invalid argument: relatedProducts reports it itself.
    }
  }
  return undefined;
}
