// Tire search: dependent size values (width -> aspect ratio -> rim diameter) and matching tires.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import type { ProductPageRead } from '../catalogue/catalogue.events';
import { contextLoader, jsonRowOf, qualified } from '../catalogue/catalogue.loaders';
import { products } from '../catalogue/catalogue.tables';
import { tires } from './tires.tables';

export type TireAttribute = 'WIDTH' | 'ASPECT_RATIO' | 'RIM_DIAMETER';
/**
 * Where a tire search looks: every tire, or one brand's, or one category's (with its
 * subcategories) — the /tire-search/{brand|category}/{id} pages. An id of no brand or category
 * finds nothing.
 */
export type TireScope = { brandId?: number | null; categoryIds?: number[] | null };
export type TireFilter = TireScope & { width?: number | null; aspectRatio?: number | null; rimDiameter?: number | null };
export type TireRow = typeof tires.$inferSelect;

/** Product.tire's rows, by product id, batched per request (null: not a tire). */
export function tireByProduct(ctx: ServiceContext) {
  return contextLoader<TireRow | null>(
    ctx,
    'tireByProduct',
    async (ids) => {
      const rows = await ctx.db.select().from(tires).where(inArray(tires.productId, [...ids]));
      return new Map(rows.map((r) => [r.productId, r]));
    },
    () => null,
  );
}

/** The product page's statement reads the product's tire row too (catalogue's productPageTire). */
export const productPageTireRead: ProductPageRead = {
  select: (productId) => sql`(select ${jsonRowOf(tires)} from ${tires} where ${qualified(tires.productId)} = ${qualified(productId)})`,
  keep: (ctx, productId, value) => void tireByProduct(ctx).prime(productId, (value as TireRow | null) ?? null),
};

const ORDER: TireAttribute[] = ['WIDTH', 'ASPECT_RATIO', 'RIM_DIAMETER'];
const COLUMN = { WIDTH: tires.width, ASPECT_RATIO: tires.aspectRatio, RIM_DIAMETER: tires.rimDiameter } as const;

function toInt(value: string | undefined): number | null {
  return value != null && /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * The values an attribute can take given the choices before it, ascending, as strings:
 * WIDTH needs none; ASPECT_RATIO takes [width]; RIM_DIAMETER takes [width, aspectRatio].
 * A missing or non-numeric earlier choice gives no values (the dropdown stays empty).
 */
export async function tireAttributeValues(
  ctx: ServiceContext,
  attribute: TireAttribute,
  previousValues: string[],
  scope: TireScope = {},
): Promise<string[]> {
  const position = ORDER.indexOf(attribute);
  const where: SQL[] = [eq(products.isPublished, true), ...scopeWhere(scope)];
  for (let i = 0; i < position; i++) {
    const value = toInt(previousValues[i]);
    if (value == null) return [];
    where.push(eq(COLUMN[ORDER[i]!], value));
  }
  const column = COLUMN[attribute];
  const rows = await ctx.db
    .selectDistinct({ value: column })
    .from(tires)
    .innerJoin(products, eq(products.id, tires.productId))
    .where(and(...where))
    .orderBy(asc(column));
  return rows.map((r) => String(r.value));
}

function scopeWhere(scope: TireScope): SQL[] {
  const where: SQL[] = [];
  if (scope.brandId != null) where.push(eq(products.brandId, scope.brandId));
  if (scope.categoryIds != null) where.push(scope.categoryIds.length ? inArray(products.categoryId, scope.categoryIds) : sql`false`);
  return where;
}

function filterWhere(filter: TireFilter) {
  const where: SQL[] = [eq(products.isPublished, true), ...scopeWhere(filter)];
  if (filter.width != null) where.push(eq(tires.width, filter.width));
  if (filter.aspectRatio != null) where.push(eq(tires.aspectRatio, filter.aspectRatio));
  if (filter.rimDiameter != null) where.push(eq(tires.rimDiameter, filter.rimDiameter));
  return and(...where);
}

export async function listTires(ctx: ServiceContext, filter: TireFilter, page: { limit: number; offset: number }) {
  return ctx.db
    .select({ tire: tires })
    .from(tires)
    .innerJoin(products, eq(products.id, tires.productId))
    .where(filterWhere(filter))
    .orderBy(asc(products.minPrice), asc(tires.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((rows) => rows.map((r) => r.tire));
}

export async function countTires(ctx: ServiceContext, filter: TireFilter): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tires)
    .innerJoin(products, eq(products.id, tires.productId))
    .where(filterWhere(filter));
  return row?.n ?? 0;
}

/** Which of these products are tires (have a size): checkout delivers those within Metro Manila only. */
export async function tireProductIds(ctx: Pick<ServiceContext, 'db'>, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await ctx.db.select({ productId: tires.productId }).from(tires).where(inArray(tires.productId, [...new Set(productIds)]));
  return new Set(rows.map((r) => r.productId));
}

/** '205/55 R16'. */
export function tireSize(t: { width: number; aspectRatio: number; rimDiameter: number }): string {
  return `${t.width}/${t.aspectRatio} R${t.rimDiameter}`;
}

/**
 * Staff's product form (catalogue-staff-products.service.ts): sets or (with null) removes the
 * size of a tire product, in the caller's transaction.
 */
export async function setProductTire(
  ctx: Pick<ServiceContext, 'db'>,
  productId: number,
  size: { width: number; aspectRatio: number; rimDiameter: number; loadIndex?: number | null; speedRating?: string | null } | null,
): Promise<TireRow | null> {
  if (size === null) {
    await ctx.db.delete(tires).where(eq(tires.productId, productId));
    return null;
  }
  const values = { width: size.width, aspectRatio: size.aspectRatio, rimDiameter: size.rimDiameter, loadIndex: size.loadIndex ?? null, speedRating: size.speedRating ?? null };
  const [row] = await ctx.db
    .insert(tires)
    .values({ productId, ...values })
    .onConflictDoUpdate({ target: tires.productId, set: values })
    .returning();
  return row ?? null;
}
