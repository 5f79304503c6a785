// Staff's product pictures (MANAGE_PRODUCTS): upload, alt text and colour, order, delete.
// An upload is decoded by sharp (whatever its name or header claims), re-encoded without its
// metadata onto a white square, and written as the same WebP derivatives as the seed's art
// (media.ts) under the storage key uploads/<unguessable key>/ (server/storage); the row is written after the
// files, in one transaction, and the files are removed again if that transaction fails.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { loadSharp } from '../../lib/sharp';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { putAll, storageOf } from '../../storage/file-storage';
import { validate } from '../../../common/validation/issues';
import { PROOF_MESSAGES } from '../../../common/orders/proof-of-billing';
import { mediaFieldsSchema, mediaUploadSchema, PRODUCT_ADMIN_MESSAGES as M } from '../../../common/catalogue/product-admin';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { removeMediaFiles } from './catalogue-staff-products.service';
import { productImages, products } from './catalogue.tables';
import { derivativeWidths } from './media';

export type ProductImageRow = typeof productImages.$inferSelect;

export const MEDIA_MESSAGES = { notFound: 'Image not found.', orderInvalid: 'List every image of the product once.' } as const;

/** The largest side kept: the product page's zoom shows at most 1020 pixels wide. */
const MAX_SIDE = 1020;

async function writeDerivatives(ctx: Pick<ServiceContext, 'config' | 'db'>, productId: number, raw: string): Promise<{ key: string; side: number }> {
  const bytes = Buffer.from(raw.startsWith('data:') ? raw.slice(raw.indexOf(',') + 1) : raw, 'base64');
  let square: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('not an image');
    const side = Math.min(Math.max(meta.width, meta.height), MAX_SIDE);
    square = await image
      .resize(side, side, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError(PROOF_MESSAGES.notImage, 'image');
  }
  const key = `uploads/p${productId}-${randomBytes(12).toString('hex')}`;
  const storage = storageOf(ctx);
  try {
    const files = await Promise.all(
      derivativeWidths(square.info.width).map(async (w) => {
        const webp = await sharp(square.data, { raw: { width: square.info.width, height: square.info.height, channels: square.info.channels } })
          .resize(w)
          .webp({ quality: 82 })
          .toBuffer();
        return [`${key}/${w}.webp`, webp] as [string, Buffer];
      }),
    );
    await putAll(storage, files);
  } catch (error) {
    await storage.deleteFolder(key).catch(() => undefined);
    throw error;
  }
  return { key, side: square.info.width };
}

async function productExists(ctx: Pick<ServiceContext, 'db'>, productId: number | null, lock = false): Promise<number> {
  const query = ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId ?? -1));
  const [row] = productId == null ? [] : lock ? await query.for('update') : await query;
  if (!row) throw new DomainError(M.productNotFound, 'product');
  return row.id;
}

/** productMediaCreate: a picture at the end of the product's list. */
export async function createProductMedia(
  ctx: ServiceContext,
  productId: number | null,
  raw: { image: string; alt?: string | null; color?: string | null },
): Promise<ProductImageRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const parsed = validate(mediaUploadSchema, raw);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const id = await productExists(ctx, productId);
  const { key, side } = await writeDerivatives(ctx, id, parsed.data.image);
  try {
    return await ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      await productExists(tx, id, true);
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${productImages.sortOrder}) + 1, 0)::int` })
        .from(productImages)
        .where(eq(productImages.productId, id));
      const [row] = await db
        .insert(productImages)
        .values({ productId: id, sortOrder: next, alt: parsed.data.alt, color: parsed.data.color ?? null, mediaKey: key, width: side, height: side })
        .returning();
      await logStaffAction(tx, { action: 'mediaCreate', subjectType: 'product', subjectId: id, note: key });
      return row!;
    });
  } catch (error) {
    await removeMediaFiles(ctx, [key]);
    throw error;
  }
}

async function lockImage(ctx: Pick<ServiceContext, 'db'>, imageId: number | null): Promise<ProductImageRow> {
  const [row] = imageId == null ? [] : await ctx.db.select().from(productImages).where(eq(productImages.id, imageId)).for('update');
  if (!row) throw new DomainError(MEDIA_MESSAGES.notFound, 'id');
  return row;
}

/** productMediaUpdate: alt text and the colour it shows (its variants list it first). */
export async function updateProductMedia(ctx: ServiceContext, imageId: number | null, raw: { alt?: string | null; color?: string | null }): Promise<ProductImageRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const parsed = validate(mediaFieldsSchema.partial(), raw);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const image = await lockImage(tx, imageId);
    const values: Partial<typeof productImages.$inferInsert> = {};
    if (raw.alt !== undefined) values.alt = parsed.data.alt ?? '';
    if (raw.color !== undefined) values.color = parsed.data.color ?? null;
    const [row] = Object.keys(values).length ? await db.update(productImages).set(values).where(eq(productImages.id, image.id)).returning() : [image];
    await logStaffAction(tx, { action: 'mediaUpdate', subjectType: 'product', subjectId: image.productId, note: `image ${image.id}` });
    return row!;
  });
}

/** productMediaReorder: the product's images in the order given (every one, once). */
export async function reorderProductMedia(ctx: ServiceContext, productId: number | null, imageIds: readonly (number | null)[]): Promise<ProductImageRow[]> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const id = await productExists(tx, productId, true);
    const current = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id));
    const wanted = new Set(imageIds);
    if (wanted.size !== imageIds.length || current.length !== imageIds.length || current.some((c) => !wanted.has(c.id))) {
      throw new DomainError(MEDIA_MESSAGES.orderInvalid, 'mediaIds');
    }
    for (const [index, imageId] of imageIds.entries()) {
      await db.update(productImages).set({ sortOrder: index }).where(and(eq(productImages.id, imageId!), eq(productImages.productId, id)));
    }
    await logStaffAction(tx, { action: 'mediaReorder', subjectType: 'product', subjectId: id, note: imageIds.join(', ') });
    return db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sortOrder), asc(productImages.id));
  });
}

/** productMediaDelete: the row, then (after commit) its uploaded files. */
export async function deleteProductMedia(ctx: ServiceContext, imageId: number | null): Promise<ProductImageRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  const row = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const image = await lockImage(tx, imageId);
    await db.delete(productImages).where(eq(productImages.id, image.id));
    await logStaffAction(tx, { action: 'mediaDelete', subjectType: 'product', subjectId: image.productId, note: image.mediaKey });
    return image;
  });
  // Another row may point at the same files (the seed shares art); uploads are never shared.
  await removeMediaFiles(ctx, [row.mediaKey]);
  return row;
}
