// Per-request batch loaders: a listing of any size costs one statement per related table.
import DataLoader from 'dataloader';
import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { readThrough } from '../../db/table-cache';
import type { ServiceContext } from '../../graphql/context';
import { notFound } from '../../graphql/node-key';
import {
  brands,
  categories,
  collections,
  productCollections,
  productImages,
  productTypes,
  productVariants,
} from './catalogue.tables';

export type BrandRow = typeof brands.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductTypeRow = typeof productTypes.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type ProductImageRow = typeof productImages.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

const caches = new WeakMap<object, Map<string, DataLoader<number, unknown>>>();

/**
 * A DataLoader that lives as long as the request context (the same object every resolver and
 * service of one request receives), so two fields asking for the same rows share one query.
 */
export function contextLoader<V>(
  ctx: object,
  name: string,
  batch: (ids: readonly number[]) => Promise<Map<number, V>>,
  fallback: () => V,
): DataLoader<number, V> {
  let byName = caches.get(ctx);
  if (!byName) {
    byName = new Map();
    caches.set(ctx, byName);
  }
  let loader = byName.get(name) as DataLoader<number, V> | undefined;
  if (!loader) {
    loader = new DataLoader<number, V>(async (ids) => {
      const found = await batch(ids);
      return ids.map((id) => (found.has(id) ? (found.get(id) as V) : fallback()));
    });
    byName.set(name, loader as DataLoader<number, unknown>);
  }
  return loader;
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export const catalogueLoaders = {
  variantsByProduct: (ctx: ServiceContext) =>
    contextLoader<VariantRow[]>(
      ctx,
      'variantsByProduct',
      async (ids) => {
        const rows = await ctx.db
          .select()
          .from(productVariants)
          // Custom voucher amounts are bought by id, never offered in the picker.
          .where(and(inArray(productVariants.productId, [...ids]), eq(productVariants.isCustomAmount, false)))
          .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
        return groupBy(rows, (r) => r.productId);
      },
      () => [],
    ),
  imagesByProduct: (ctx: ServiceContext) =>
    contextLoader<ProductImageRow[]>(
      ctx,
      'imagesByProduct',
      async (ids) => {
        const rows = await ctx.db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, [...ids]))
          .orderBy(asc(productImages.sortOrder), asc(productImages.id));
        return groupBy(rows, (r) => r.productId);
      },
      () => [],
    ),
  collectionsByProduct: (ctx: ServiceContext) =>
    contextLoader<CollectionRow[]>(
      ctx,
      'collectionsByProduct',
      async (ids) => {
        const rows = await ctx.db
          .select({ productId: productCollections.productId, collection: collections })
          .from(productCollections)
          .innerJoin(collections, eq(collections.id, productCollections.collectionId))
          .where(inArray(productCollections.productId, [...ids]));
        const map = new Map<number, CollectionRow[]>();
        for (const [k, list] of groupBy(rows, (r) => r.productId)) map.set(k, list.map((r) => r.collection));
        return map;
      },
      () => [],
    ),
  childrenByCategory: (ctx: ServiceContext) =>
    contextLoader<CategoryRow[]>(
      ctx,
      'childrenByCategory',
      async (ids) => {
        const rows = await ctx.db
          .select()
          .from(categories)
          .where(inArray(categories.parentId, [...ids]))
          .orderBy(asc(categories.sortOrder), asc(categories.name));
        return groupBy(rows, (r) => r.parentId ?? 0);
      },
      () => [],
    ),
};

/**
 * A column named with its table, always: Drizzle leaves the table out of a one-table select's
 * columns, which inside a correlated subquery would name the subquery's own table. Named as the
 * database's snake_case casing names it (server/db/client.ts).
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`;
}

/** Column types JSON carries exactly as Drizzle would map them (no dates, numerics or big integers). */
const JSON_EXACT = new Set(['PgInteger', 'PgText', 'PgBoolean']);

/**
 * A row of `table` as a JSON object keyed as Drizzle's rows are (the columns' TypeScript names),
 * so a row read inside another statement's json_agg is the row a select of its own gives.
 * Only for tables of integers, text and booleans: JSON would change the others' types.
 */
export function jsonRowOf(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (!JSON_EXACT.has(column.columnType)) throw new Error(`jsonRowOf: ${key} is ${column.columnType}, not carried exactly by JSON`);
    return sql`${sql.raw(`'${key}'`)}, ${qualified(column)}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

export async function loadByIds<T extends { id: number }>(
  ids: readonly number[],
  fetch: (ids: number[]) => Promise<T[]>,
  label: string,
): Promise<(T | Error)[]> {
  const rows = await fetch([...ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? notFound(label, id));
}

/**
 * Dimension tables kept whole per process (a cold product page asked for its brand,
 * category and product type, three of its ten statements): read through the table cache
 * (docs/decisions/029), dropped when the table's change notification comes. Only while the
 * table is small: past DIMENSION_ROWS_KEPT rows nothing is kept and rows are read by id.
 */
const DIMENSION_ROWS_KEPT = 2000;

async function dimensionRows<T extends { id: number }>(
  ctx: ServiceContext,
  table: string,
  ids: number[],
  all: (db: ServiceContext['db'], limit: number) => Promise<T[]>,
  byIds: () => Promise<T[]>,
): Promise<T[]> {
  const kept = await readThrough(ctx, `dimension:${table}`, [table], async (db) => {
    const rows = await all(db, DIMENSION_ROWS_KEPT + 1);
    return rows.length > DIMENSION_ROWS_KEPT ? null : new Map(rows.map((row) => [row.id, row]));
  });
  if (!kept) return byIds();
  return ids.flatMap((id) => kept.get(id) ?? []);
}

export const loadRows = {
  brands: (ctx: ServiceContext, ids: number[]) =>
    dimensionRows(ctx, 'brands', ids, (db, limit) => db.select().from(brands).limit(limit), () => ctx.db.select().from(brands).where(inArray(brands.id, ids))),
  categories: (ctx: ServiceContext, ids: number[]) =>
    dimensionRows(ctx, 'categories', ids, (db, limit) => db.select().from(categories).limit(limit), () => ctx.db.select().from(categories).where(inArray(categories.id, ids))),
  productTypes: (ctx: ServiceContext, ids: number[]) =>
    dimensionRows(ctx, 'product_types', ids, (db, limit) => db.select().from(productTypes).limit(limit), () => ctx.db.select().from(productTypes).where(inArray(productTypes.id, ids))),
  variants: (ctx: ServiceContext, ids: number[]) =>
    ctx.db.select().from(productVariants).where(inArray(productVariants.id, ids)),
};
