// Staff editing how the catalogue is organised (MANAGE_PRODUCTS): categories (a tree), brands
// (TOP BRANDS via isFeatured) and collections with their products. One logged transaction per
// write; a renamed category or brand refreshes its products' search text in the same one.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { validate } from '../../../common/validation/issues';
import { PRODUCT_ADMIN_MESSAGES as M, productTypeMetadataSchema, slugify, taxonomyCreateSchema, taxonomyUpdateSchema, type TaxonomyUpdateInput } from '../../../common/catalogue/product-admin';
import { sanitizeContent } from '../../lib/sanitize-content';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { uniqueSlug } from './catalogue-staff-products.service';
import { refreshProductDerivedFields, withDescendants } from './catalogue.service';
import { brands, categories, collections, productCollections, products, productTypes } from './catalogue.tables';
import { parseId } from './ids';

export const TAXONOMY_MESSAGES = {
  categoryNotFound: 'Category not found.',
  brandNotFound: 'Brand not found.',
  collectionNotFound: 'Collection not found.',
  parentLoop: 'A category cannot be placed under itself or one of its subcategories.',
  categoryInUse: 'This category still has products or subcategories: move them first.',
  brandInUse: 'This brand still has products: change their brand first.',
} as const;

type Kind = 'category' | 'brand' | 'collection';
type Tx = ServiceContext;
const TABLE = { category: categories, brand: brands, collection: collections } as const;
const NOT_FOUND: Record<Kind, string> = { category: TAXONOMY_MESSAGES.categoryNotFound, brand: TAXONOMY_MESSAGES.brandNotFound, collection: TAXONOMY_MESSAGES.collectionNotFound };

function parse(kind: 'create' | 'update', raw: unknown): TaxonomyUpdateInput {
  const result = validate(kind === 'create' ? taxonomyCreateSchema : taxonomyUpdateSchema, raw);
  if (!result.ok) throw new DomainError(result.errors);
  return result.data;
}

async function slugFor(tx: Tx, kind: Kind, input: TaxonomyUpdateInput, exceptId?: number): Promise<string | undefined> {
  if (input.slug !== undefined) {
    const free = kind === 'collection' ? await uniqueCollectionSlug(tx, input.slug!, exceptId) : await uniqueSlug(tx, TABLE[kind] as typeof brands, input.slug!, exceptId);
    if (free !== input.slug) throw new DomainError(M.slugTaken, 'slug');
    return input.slug;
  }
  if (exceptId === undefined && input.name) {
    const wanted = slugify(input.name);
    return kind === 'collection' ? uniqueCollectionSlug(tx, wanted) : uniqueSlug(tx, TABLE[kind] as typeof brands, wanted);
  }
  return undefined;
}

async function uniqueCollectionSlug(tx: Tx, wanted: string, exceptId?: number): Promise<string> {
  const base = wanted || 'collection';
  const rows = await tx.db.select({ id: collections.id, slug: collections.slug }).from(collections).where(sql`${collections.slug} = ${base} OR ${collections.slug} LIKE ${`${base}-%`}`);
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function lock(tx: Tx, kind: Kind, id: number | null) {
  const table = TABLE[kind];
  const [row] = id == null ? [] : await tx.db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id)).for('update');
  if (!row) throw new DomainError(NOT_FOUND[kind], 'id');
  return row;
}

/** Products whose search text names this category (or one under it) or brand. */
async function refreshProductsOf(tx: Tx, where: ReturnType<typeof eq> | ReturnType<typeof inArray>) {
  const ids = (await tx.db.select({ id: products.id }).from(products).where(where)).map((r) => r.id);
  await refreshProductDerivedFields(tx, ids);
}

/** The category's parent as (id, level), refusing a loop (itself or a category under it). */
async function parentFor(tx: Tx, parent: string | null | undefined, selfId?: number): Promise<{ parentId: number | null; level: number } | undefined> {
  if (parent === undefined) return undefined;
  if (parent === null) return { parentId: null, level: 0 };
  const id = parseId(parent, 'Category');
  const [row] = id == null ? [] : await tx.db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw new DomainError(TAXONOMY_MESSAGES.categoryNotFound, 'parent');
  if (selfId !== undefined && (await withDescendants(tx, [selfId])).includes(row.id)) throw new DomainError(TAXONOMY_MESSAGES.parentLoop, 'parent');
  return { parentId: row.id, level: row.level + 1 };
}

/** Keeps every category's level one more than its parent's, after a move. */
async function relevel(tx: Tx) {
  await tx.db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT id, 0 AS level FROM categories WHERE parent_id IS NULL
      UNION ALL SELECT c.id, tree.level + 1 FROM categories c JOIN tree ON c.parent_id = tree.id
    )
    UPDATE categories SET level = tree.level FROM tree WHERE categories.id = tree.id AND categories.level <> tree.level`);
}

function commonValues(input: TaxonomyUpdateInput) {
  const values: { name?: string; description?: string; sortOrder?: number } = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = sanitizeContent(input.description);
  if (input.sortOrder != null) values.sortOrder = input.sortOrder;
  return values;
}

/** A category's variant picker style when the input names one (null or empty clears it). */
function stylingOf(input: TaxonomyUpdateInput): { variantStyling?: string | null } {
  return input.variantStyling !== undefined ? { variantStyling: input.variantStyling ?? null } : {};
}

// ---------------------------------------------------------------------------------------------
// categoryCreate / categoryUpdate / categoryDelete

export async function createCategory(ctx: ServiceContext, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('create', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const place = (await parentFor(tx, input.parent ?? null))!;
    const slug = (await slugFor(tx, 'category', input))!;
    const [row] = await db.insert(categories).values({ ...commonValues(input), ...stylingOf(input), name: input.name!, slug, ...place }).returning();
    await logStaffAction(tx, { action: 'categoryCreate', subjectType: 'category', subjectId: row!.id, note: row!.name });
    return row!;
  });
}

export async function updateCategory(ctx: ServiceContext, id: number | null, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('update', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'category', id);
    const place = await parentFor(tx, input.parent, before.id);
    const slug = await slugFor(tx, 'category', input, before.id);
    const [row] = await db.update(categories).set({ ...commonValues(input), ...stylingOf(input), ...(slug ? { slug } : {}), ...(place ?? {}) }).where(eq(categories.id, before.id)).returning();
    if (place) await relevel(tx);
    if ((input.name !== undefined && input.name !== before.name) || place) {
      await refreshProductsOf(tx, inArray(products.categoryId, await withDescendants(tx, [before.id])));
    }
    await logStaffAction(tx, { action: 'categoryUpdate', subjectType: 'category', subjectId: before.id, note: Object.keys(input).sort().join(', ') });
    const [after] = await db.select().from(categories).where(eq(categories.id, row!.id));
    return after!;
  });
}

export async function deleteCategory(ctx: ServiceContext, id: number | null) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'category', id);
    const [used] = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM products WHERE category_id = ${before.id}) OR EXISTS (SELECT 1 FROM categories WHERE parent_id = ${before.id}) AS used`).then((r) => (r as unknown as { rows: { used: boolean }[] }).rows);
    if (used?.used) throw new DomainError(TAXONOMY_MESSAGES.categoryInUse, 'id');
    const [row] = await db.delete(categories).where(eq(categories.id, before.id)).returning();
    await logStaffAction(tx, { action: 'categoryDelete', subjectType: 'category', subjectId: before.id, note: before.name });
    return row!;
  });
}

// ---------------------------------------------------------------------------------------------
// brandCreate / brandUpdate / brandDelete

function brandValues(input: TaxonomyUpdateInput) {
  return {
    ...commonValues(input),
    ...(input.isFeatured !== undefined ? { isFeatured: input.isFeatured } : {}),
    ...(input.isInstallmentReady !== undefined ? { isInstallmentReady: input.isInstallmentReady } : {}),
  };
}

export async function createBrand(ctx: ServiceContext, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('create', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const slug = (await slugFor(tx, 'brand', input))!;
    const [row] = await db.insert(brands).values({ ...brandValues(input), name: input.name!, slug }).returning();
    await logStaffAction(tx, { action: 'brandCreate', subjectType: 'brand', subjectId: row!.id, note: row!.name });
    return row!;
  });
}

export async function updateBrand(ctx: ServiceContext, id: number | null, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('update', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'brand', id);
    const slug = await slugFor(tx, 'brand', input, before.id);
    const [row] = await db.update(brands).set({ ...brandValues(input), ...(slug ? { slug } : {}) }).where(eq(brands.id, before.id)).returning();
    if (input.name !== undefined && input.name !== before.name) await refreshProductsOf(tx, eq(products.brandId, before.id));
    await logStaffAction(tx, { action: 'brandUpdate', subjectType: 'brand', subjectId: before.id, note: Object.keys(input).sort().join(', ') });
    return row!;
  });
}

export async function deleteBrand(ctx: ServiceContext, id: number | null) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'brand', id);
    const [used] = await db.select({ id: products.id }).from(products).where(eq(products.brandId, before.id)).limit(1);
    if (used) throw new DomainError(TAXONOMY_MESSAGES.brandInUse, 'id');
    const [row] = await db.delete(brands).where(eq(brands.id, before.id)).returning();
    await logStaffAction(tx, { action: 'brandDelete', subjectType: 'brand', subjectId: before.id, note: before.name });
    return row!;
  });
}

// ---------------------------------------------------------------------------------------------
// collectionCreate / collectionUpdate / collectionDelete / collectionAddProducts / collectionRemoveProducts

export async function createCollection(ctx: ServiceContext, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('create', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const slug = (await slugFor(tx, 'collection', input))!;
    const [row] = await db.insert(collections).values({ name: input.name!, slug }).returning();
    await logStaffAction(tx, { action: 'collectionCreate', subjectType: 'collection', subjectId: row!.id, note: row!.name });
    return row!;
  });
}

export async function updateCollection(ctx: ServiceContext, id: number | null, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse('update', raw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'collection', id);
    const slug = await slugFor(tx, 'collection', input, before.id);
    const values = { ...(input.name !== undefined ? { name: input.name } : {}), ...(slug ? { slug } : {}) };
    const [row] = Object.keys(values).length
      ? await db.update(collections).set(values).where(eq(collections.id, before.id)).returning()
      : await db.select().from(collections).where(eq(collections.id, before.id));
    await logStaffAction(tx, { action: 'collectionUpdate', subjectType: 'collection', subjectId: before.id, note: Object.keys(input).sort().join(', ') });
    return row!;
  });
}

export async function deleteCollection(ctx: ServiceContext, id: number | null) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await lock(tx, 'collection', id);
    const [row] = await db.delete(collections).where(eq(collections.id, before.id)).returning();
    await logStaffAction(tx, { action: 'collectionDelete', subjectType: 'collection', subjectId: before.id, note: before.name });
    return row!;
  });
}

/** Adds (or removes) products to a collection; unknown product ids are refused, none written. */
export async function setCollectionProducts(ctx: ServiceContext, id: number | null, productIds: readonly (number | null)[], add: boolean) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const collection = await lock(tx, 'collection', id);
    const wanted = [...new Set(productIds)];
    const found = wanted.includes(null) || wanted.length === 0 ? [] : await db.select({ id: products.id }).from(products).where(inArray(products.id, wanted as number[]));
    if (found.length !== wanted.length || wanted.length === 0) throw new DomainError(M.productNotFound, 'products');
    if (add) {
      await db.insert(productCollections).values(found.map((p) => ({ productId: p.id, collectionId: collection.id }))).onConflictDoNothing();
    } else {
      await db.delete(productCollections).where(and(eq(productCollections.collectionId, collection.id), inArray(productCollections.productId, found.map((p) => p.id))));
    }
    await logStaffAction(tx, { action: add ? 'collectionAddProducts' : 'collectionRemoveProducts', subjectType: 'collection', subjectId: collection.id, note: found.map((p) => p.id).join(', ') });
    const [row] = await db.select().from(collections).where(eq(collections.id, collection.id));
    return row!;
  });
}

/** Every collection with how many products it holds (the back office's list). */
export async function listCollections(ctx: ServiceContext) {
  return ctx.db
    .select({ id: collections.id, name: collections.name, slug: collections.slug, productCount: sql<number>`(SELECT count(*)::int FROM product_collections pc WHERE pc.collection_id = ${collections.id})` })
    .from(collections)
    .orderBy(collections.name);
}

// ---------------------------------------------------------------------------------------------
// productTypeUpdate: the type's public metadata (ProductType.meta, ADR 044)

export async function updateProductTypeMetadata(ctx: ServiceContext, id: number | null, raw: unknown) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const parsed = validate(productTypeMetadataSchema, raw);
  if (!parsed.ok) throw new DomainError(parsed.errors.map((e) => ({ ...e, field: 'metadata' })));
  const metadata = Object.fromEntries(parsed.data.map((item) => [item.key, item.value]));
  return ctx.db.transaction(async (db) => {
    const [before] = id == null ? [] : await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, id)).for('update');
    if (!before) throw new DomainError(M.productTypeNotFound, 'id');
    const [row] = await db.update(productTypes).set({ metadata }).where(eq(productTypes.id, before.id)).returning();
    await logStaffAction({ ...ctx, db }, { action: 'productTypeUpdate', subjectType: 'productType', subjectId: before.id, note: Object.keys(metadata).sort().join(', ') });
    return row!;
  });
}
