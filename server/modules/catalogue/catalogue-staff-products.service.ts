// Staff editing products and their variants (MANAGE_PRODUCTS). Each write is one
// transaction that also refreshes the product's derived columns (price range, search text) and
// logs who did it; the catalogue's change trigger (migration 0009) then drops the visitors'
// cached answers and pages (docs/decisions/013-public-response-cache.md).
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { storageOf } from '../../storage/file-storage';
import { validate } from '../../../common/validation/issues';
import { pesosToCentavos } from '../../../common/money';
import { LOW_STOCK_THRESHOLD } from '../../../common/catalogue/stock';
import {
  PRODUCT_ADMIN_MESSAGES as M,
  productCreateSchema,
  productUpdateSchema,
  slugify,
  variantCreateSchema,
  variantUpdateSchema,
  type ProductUpdateInput,
} from '../../../common/catalogue/product-admin';
import { sanitizeContent } from '../../lib/sanitize-content';
import { raise } from '../system/domain-events';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { productTireSizeSet, productsBackInStock, restockCommitted } from './catalogue.events';
import { brands, categories, productImages, productTypes, productVariants, products } from './catalogue.tables';
import { productColumns, refreshProductDerivedFields, withDescendants, type ProductRow } from './catalogue.service';
import { parseId } from './ids';

export type VariantRow = typeof productVariants.$inferSelect;
type Tx = Pick<ServiceContext, 'db' | 'user'>;

/** Parses with the shared rules; a refusal is the form's {field, message} list. */
function parse<T>(result: { ok: true; data: T } | { ok: false; errors: { field: string | null; message: string }[] }): T {
  if (!result.ok) throw new DomainError(result.errors);
  return result.data;
}

/** A slug not used by another row: the wanted one, else with -2, -3... */
export async function uniqueSlug(
  tx: Pick<ServiceContext, 'db'>,
  table: typeof products | typeof categories | typeof brands,
  wanted: string,
  exceptId?: number,
): Promise<string> {
  const base = wanted || 'item';
  const rows = await tx.db
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, base), sql`${table.slug} LIKE ${`${base}-%`}`), exceptId != null ? ne(table.id, exceptId) : undefined));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function resolveRefs(tx: Tx, input: ProductUpdateInput) {
  const refs: { productTypeId?: number; categoryId?: number; brandId?: number | null } = {};
  if (input.productType !== undefined) {
    const id = parseId(input.productType, 'ProductType');
    const [row] = id == null ? [] : await tx.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, id));
    if (!row) throw new DomainError(M.productTypeNotFound, 'productType');
    refs.productTypeId = row.id;
  }
  if (input.category !== undefined) {
    const id = parseId(input.category, 'Category');
    const [row] = id == null ? [] : await tx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!row) throw new DomainError(M.categoryNotFound, 'category');
    refs.categoryId = row.id;
  }
  if (input.brand !== undefined) {
    if (input.brand === null) refs.brandId = null;
    else {
      const id = parseId(input.brand, 'Brand');
      const [row] = id == null ? [] : await tx.db.select({ id: brands.id }).from(brands).where(eq(brands.id, id));
      if (!row) throw new DomainError(M.brandNotFound, 'brand');
      refs.brandId = row.id;
    }
  }
  return refs;
}

/** The product columns an input sets (only those given). */
function productValues(input: ProductUpdateInput) {
  const values: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = sanitizeContent(input.description);
  if (input.seoTitle !== undefined) values.seoTitle = input.seoTitle ?? '';
  if (input.seoDescription !== undefined) values.seoDescription = input.seoDescription ?? '';
  if (input.basePrice !== undefined) values.basePrice = pesosToCentavos(input.basePrice);
  // A sale is a percentage or an amount off: setting one clears the other.
  if (input.salePercent !== undefined) values.salePercent = input.salePercent || null;
  if (input.saleAmount !== undefined) values.saleAmount = input.saleAmount ? pesosToCentavos(input.saleAmount) : null;
  if (values.salePercent) values.saleAmount = null;
  if (input.weight != null) values.weightGrams = input.weight;
  for (const key of ['isPublished', 'isPreOrder', 'isFreeShippingFee', 'isInstallmentReady', 'hasInstacoverWarranty', 'isFeatured'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  if (input.attributes !== undefined) values.attributes = input.attributes;
  if (input.taxClass !== undefined) values.taxClass = input.taxClass;
  return values;
}

/** productCreate: a product without variants yet (productVariantCreate adds them). */
export async function createProduct(ctx: ServiceContext, raw: unknown): Promise<ProductRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse(validate(productCreateSchema, raw));
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const refs = await resolveRefs(tx, input);
    const slug = input.slug ?? (await uniqueSlug(tx, products, slugify(input.name)));
    if (input.slug && (await uniqueSlug(tx, products, input.slug)) !== input.slug) throw new DomainError(M.slugTaken, 'slug');
    const [row] = await db
      .insert(products)
      .values({ ...productValues(input), name: input.name, basePrice: pesosToCentavos(input.basePrice), slug, productTypeId: refs.productTypeId!, categoryId: refs.categoryId!, brandId: refs.brandId ?? null })
      .returning({ id: products.id });
    if (input.tire) await raise(tx, productTireSizeSet, { productId: row!.id, size: input.tire });
    await refreshProductDerivedFields(tx, [row!.id]);
    await logStaffAction(tx, { action: 'productCreate', subjectType: 'product', subjectId: row!.id, note: input.name });
    return productById(tx, row!.id);
  });
}

/** productUpdate: only the fields given change. */
export async function updateProduct(ctx: ServiceContext, productId: number | null, raw: unknown): Promise<ProductRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse(validate(productUpdateSchema, raw));
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockProduct(tx, productId);
    const refs = await resolveRefs(tx, input);
    const values = { ...productValues(input), ...refs, updatedAt: new Date() };
    if (input.slug !== undefined) {
      if ((await uniqueSlug(tx, products, input.slug!, productId!)) !== input.slug) throw new DomainError(M.slugTaken, 'slug');
      values.slug = input.slug;
    }
    await db.update(products).set(values).where(eq(products.id, productId!));
    if (input.tire !== undefined) await raise(tx, productTireSizeSet, { productId: productId!, size: input.tire ?? null });
    await refreshProductDerivedFields(tx, [productId!]);
    await logStaffAction(tx, { action: 'productUpdate', subjectType: 'product', subjectId: productId!, note: Object.keys(input).sort().join(', ') });
    return productById(tx, productId!);
  });
}

/** productDelete: the product, its variants, images, collection entries and tire size; then its image files. */
export async function deleteProduct(ctx: ServiceContext, productId: number | null): Promise<ProductRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const { product, mediaKeys } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const product = await lockProduct(tx, productId);
    const images = await db.select({ mediaKey: productImages.mediaKey }).from(productImages).where(eq(productImages.productId, product.id));
    await raise(tx, productTireSizeSet, { productId: product.id, size: null });
    await db.delete(products).where(eq(products.id, product.id));
    await logStaffAction(tx, { action: 'productDelete', subjectType: 'product', subjectId: product.id, note: product.name });
    return { product, mediaKeys: images.map((i) => i.mediaKey) };
  });
  await removeMediaFiles(ctx, mediaKeys);
  return product;
}

/** Uploaded pictures' folders (never the seed's generated art, which other rows may share). */
export async function removeMediaFiles(ctx: Pick<ServiceContext, 'config' | 'db'>, keys: readonly string[]): Promise<void> {
  const storage = storageOf(ctx);
  for (const key of keys) {
    if (!key.startsWith('uploads/')) continue;
    await storage.deleteFolder(key).catch(() => undefined);
  }
}

async function lockProduct(tx: Tx, productId: number | null): Promise<ProductRow> {
  const [row] = productId == null ? [] : await tx.db.select(productColumns).from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new DomainError(M.productNotFound, 'id');
  return row;
}

async function productById(tx: Pick<ServiceContext, 'db'>, id: number): Promise<ProductRow> {
  const [row] = await tx.db.select(productColumns).from(products).where(eq(products.id, id));
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Variants

async function skuTaken(tx: Pick<ServiceContext, 'db'>, sku: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(sql`lower(${productVariants.sku}) = lower(${sku})`, exceptId != null ? ne(productVariants.id, exceptId) : undefined));
  return row != null;
}

/** productVariantCreate: a variant at a price (pesos, before any sale) with its options and stock. */
export async function createVariant(ctx: ServiceContext, productId: number | null, raw: unknown): Promise<VariantRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse(validate(variantCreateSchema, raw));
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const product = await lockProduct(tx, productId);
    if (await skuTaken(tx, input.sku)) throw new DomainError(M.skuTaken, 'sku');
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`coalesce(max(${productVariants.sortOrder}) + 1, 0)::int` }).from(productVariants).where(eq(productVariants.productId, product.id));
    const [row] = await db
      .insert(productVariants)
      .values({
        productId: product.id,
        name: input.name,
        sku: input.sku,
        color: input.color ?? null,
        memory: input.memory ?? null,
        coverWarranty: input.coverWarranty ?? null,
        stockQuantity: input.stockQuantity ?? 0,
        addedPrice: pesosToCentavos(input.price) - product.basePrice,
        exchangeRequestFee: input.exchangeRequestFee != null ? pesosToCentavos(input.exchangeRequestFee) : 0,
        sortOrder: input.sortOrder ?? n,
      })
      .returning();
    await refreshProductDerivedFields(tx, [product.id]);
    await logStaffAction(tx, { action: 'variantCreate', subjectType: 'variant', subjectId: row!.id, note: input.sku });
    return row!;
  });
}

/**
 * productVariantUpdate: only the fields given change. A return to stock (none to some) marks
 * the product's watchers in the same transaction and sends their alerts after commit.
 */
export async function updateVariant(ctx: ServiceContext, variantId: number | null, raw: unknown): Promise<VariantRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const input = parse(validate(variantUpdateSchema, raw));
  const { row, restocked } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [before] = variantId == null ? [] : await db.select().from(productVariants).where(eq(productVariants.id, variantId)).for('update');
    if (!before || before.isCustomAmount) throw new DomainError(M.variantNotFound, 'id');
    const product = await lockProduct(tx, before.productId);
    if (input.sku !== undefined && (await skuTaken(tx, input.sku, before.id))) throw new DomainError(M.skuTaken, 'sku');
    const values: Partial<typeof productVariants.$inferInsert> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.sku !== undefined) values.sku = input.sku;
    if (input.color !== undefined) values.color = input.color ?? null;
    if (input.memory !== undefined) values.memory = input.memory ?? null;
    if (input.coverWarranty !== undefined) values.coverWarranty = input.coverWarranty ?? null;
    if (input.stockQuantity != null) values.stockQuantity = input.stockQuantity;
    if (input.price !== undefined) values.addedPrice = pesosToCentavos(input.price) - product.basePrice;
    if (input.exchangeRequestFee != null) values.exchangeRequestFee = pesosToCentavos(input.exchangeRequestFee);
    if (input.sortOrder != null) values.sortOrder = input.sortOrder;
    const [after] = Object.keys(values).length > 0 ? await db.update(productVariants).set(values).where(eq(productVariants.id, before.id)).returning() : [before];
    const restocked = before.stockQuantity === 0 && after!.stockQuantity > 0;
    if (restocked) await raise(tx, productsBackInStock, { productIds: [before.productId] });
    await refreshProductDerivedFields(tx, [before.productId]);
    const note = Object.keys(values).sort().join(', ') + (values.stockQuantity !== undefined ? ` (stock ${before.stockQuantity} -> ${after!.stockQuantity})` : '');
    await logStaffAction(tx, { action: 'variantUpdate', subjectType: 'variant', subjectId: before.id, note });
    return { row: after!, restocked };
  });
  if (restocked) await raise(ctx, restockCommitted, undefined);
  return row;
}

/** productVariantDelete: orders keep their own copy of what was bought, so a variant can go. */
export async function deleteVariant(ctx: ServiceContext, variantId: number | null): Promise<VariantRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [row] = variantId == null ? [] : await db.select().from(productVariants).where(eq(productVariants.id, variantId)).for('update');
    if (!row) throw new DomainError(M.variantNotFound, 'id');
    await db.delete(productVariants).where(eq(productVariants.id, row.id));
    await refreshProductDerivedFields(tx, [row.productId]);
    await logStaffAction(tx, { action: 'variantDelete', subjectType: 'variant', subjectId: row.id, note: row.sku });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// The back office's product table

export type StaffProductFilter = { search?: string | null; categoryId?: number | null; brandId?: number | null; collectionId?: number | null; lowStock?: boolean | null };

/** Units of a product's least-stocked variant (custom voucher amounts left out); null without variants. */
const leastStock = sql<number | null>`(SELECT min(v.stock_quantity) FROM product_variants v WHERE v.product_id = ${products.id} AND NOT v.is_custom_amount)`;

async function staffWhere(ctx: ServiceContext, filter: StaffProductFilter): Promise<SQL | undefined> {
  const where: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(products.name, like),
        ilike(products.searchName, like),
        sql`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = ${products.id} AND v.sku ILIKE ${like})`,
      )!,
    );
  }
  if (filter.categoryId != null) where.push(inArray(products.categoryId, await withDescendants(ctx, [filter.categoryId])));
  if (filter.brandId != null) where.push(eq(products.brandId, filter.brandId));
  if (filter.collectionId != null) where.push(sql`EXISTS (SELECT 1 FROM product_collections pc WHERE pc.product_id = ${products.id} AND pc.collection_id = ${filter.collectionId})`);
  if (filter.lowStock) where.push(sql`${leastStock} <= ${LOW_STOCK_THRESHOLD}`);
  return where.length > 0 ? and(...where) : undefined;
}

/** Every product, published or not, newest first. */
export async function listStaffProducts(ctx: ServiceContext, filter: StaffProductFilter, page: { limit: number; offset: number }) {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db
    .select(productColumns)
    .from(products)
    .where(await staffWhere(ctx, filter))
    .orderBy(sql`${products.id} desc`)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countStaffProducts(ctx: ServiceContext, filter: StaffProductFilter): Promise<number> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products).where(await staffWhere(ctx, filter));
  return row?.n ?? 0;
}

/** One product for the edit screen, published or not. */
export async function getStaffProduct(ctx: ServiceContext, productId: number | null): Promise<ProductRow | null> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  if (productId == null) return null;
  const [row] = await ctx.db.select(productColumns).from(products).where(eq(products.id, productId));
  return row ?? null;
}

/** Every variant of a product for staff, custom voucher amounts left out, in picker order. */
export async function staffVariantsOf(ctx: ServiceContext, productId: number): Promise<VariantRow[]> {
  return ctx.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isCustomAmount, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
}

/** The product types, by name (few: phone, tire, accessory, voucher...). */
export async function listProductTypes(ctx: ServiceContext) {
  return ctx.db.select().from(productTypes).orderBy(asc(productTypes.name));
}

export { LOW_STOCK_THRESHOLD };
