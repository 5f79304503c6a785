// The product page asks `product(id)` and `relatedProducts(id)` in one operation. Resolved
// apart, the related products arrived two statements after the product, so every nested field
// (brand, images, categories, review averages...) was loaded twice, in two dataloader batches:
// 14 statements for a cold product page (bench/README.md, change 9). Here both root fields wait
// for one shared promise (the product through its dataloader, then its related products from
// the product's own category and price), so their nested fields are asked in the same batch,
// and the related query no longer reads the product again.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type DataLoader from 'dataloader';
import { getArgumentValues, Kind, type GraphQLResolveInfo } from 'graphql';
import type { GraphQLContext, ServiceContext } from '../../graphql/context';
import { products } from './catalogue.tables';
import { productColumns, type ProductRow } from './catalogue.service';
import { parseId } from './ids';

type Pair = Promise<[ProductRow | null, ProductRow[]]>;
const pairs = new WeakMap<GraphQLContext, Map<string, Pair>>();

export const RELATED_DEFAULT = 8;
export const RELATED_MAX = 50;
const relatedLimit = (first: number | null | undefined) => Math.min(Math.max(first ?? RELATED_DEFAULT, 0), RELATED_MAX);

/** Other published products of the product's category, nearest in price first. */
export async function relatedTo(ctx: ServiceContext, product: Pick<ProductRow, 'id' | 'categoryId' | 'minPrice'>, limit: number): Promise<ProductRow[]> {
  return ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, product.id), eq(products.isPublished, true)))
    .orderBy(sql`abs(${products.minPrice} - ${product.minPrice})`, asc(products.id))
    .limit(limit);
}

type ProductLoader = DataLoader<number, ProductRow>;

/** `product(id)`: alone, through the dataloader; asked with its related products, from the pair. */
export async function productFor(ctx: GraphQLContext, loader: ProductLoader, id: number, info: GraphQLResolveInfo): Promise<ProductRow | null> {
  const related = relatedAskedWith(info, info.variableValues, id);
  return related ? (await productAndRelated(ctx, loader, id, related.first))[0] : loader.load(id).catch(() => null);
}

/**
 * The product and its related products, once per request and product; the product is read
 * through the Product dataloader, which is then primed with the related rows.
 */
export function productAndRelated(ctx: GraphQLContext, loader: ProductLoader, id: number, first: number | null | undefined): Pair {
  let memo = pairs.get(ctx);
  if (!memo) pairs.set(ctx, (memo = new Map()));
  const key = `${id}:${relatedLimit(first)}`;
  let pair = memo.get(key);
  if (!pair) {
    pair = loader
      .load(id)
      .catch(() => null)
      .then(async (product) => {
        const related = product ? await relatedTo(ctx, product, relatedLimit(first)) : [];
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
