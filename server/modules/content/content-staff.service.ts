// What staff change in the storefront's content (MANAGE_CONTENT): banners, announcement modals
// and testimonials (create, edit, activate, delete, reorder) and the content pages. Every write
// is one transaction with its entry in the staff log. The visitors' caches drop the old content
// by themselves: these tables NOTIFY the catalogue channel on commit (migration 0009).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AnnouncementModalInput,
  announcementModalSchema,
  type BannerInput,
  bannerSchema,
  CONTENT_MESSAGES,
  CONTENT_PAGES,
  contentPageSchema,
  type TestimonialInput,
  testimonialSchema,
} from '../../../common/content/content-rules';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { StoredImage } from '../catalogue/media';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { storeContentImage } from './content-images';
import { saveContentPage } from './content.service';
import { announcementModals, banners, contentPages, testimonials } from './content.tables';

export type BannerRow = typeof banners.$inferSelect;
export type AnnouncementModalRow = typeof announcementModals.$inferSelect;
export type TestimonialRow = typeof testimonials.$inferSelect;
export type ContentPageRow = typeof contentPages.$inferSelect;

export type ContentKind = 'banner' | 'announcementModal' | 'testimonial';

const TABLES = { banner: banners, announcementModal: announcementModals, testimonial: testimonials } as const;

// The three tables share id, isActive and sortOrder; the shared statements below are written
// once against that shape (the columns are the same objects whichever table it is).
const shared = (kind: ContentKind) => TABLES[kind] as unknown as typeof banners;

function parse<T>(result: { ok: true; data: T } | { ok: false; errors: { field: string | null; message: string }[] }): T {
  if (!result.ok) throw new DomainError(result.errors);
  return result.data;
}

/** Everything the content screens list, inactive items too, in the storefront's order. */
export async function staffContent(ctx: ServiceContext) {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const [bannerRows, modalRows, testimonialRows, pageRows] = await Promise.all([
    ctx.db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id)),
    ctx.db.select().from(announcementModals).orderBy(asc(announcementModals.sortOrder), asc(announcementModals.id)),
    ctx.db.select().from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id)),
    ctx.db.select().from(contentPages),
  ]);
  const bySlug = new Map(pageRows.map((p) => [p.slug, p]));
  return {
    banners: bannerRows,
    announcementModals: modalRows,
    testimonials: testimonialRows,
    pages: CONTENT_PAGES.map((p) => ({ ...p, page: bySlug.get(p.slug) ?? null })),
  };
}

async function nextSortOrder(ctx: ServiceContext, kind: ContentKind): Promise<number> {
  const table = shared(kind);
  const [row] = await ctx.db.select({ max: sql<number | null>`max(${table.sortOrder})` }).from(table);
  return (row?.max ?? -1) + 1;
}

async function imageFor(ctx: ServiceContext, kind: 'banner' | 'announcement', base64Str: string | null | undefined, required: boolean): Promise<StoredImage | null> {
  if (!base64Str?.trim()) {
    if (required) throw new DomainError(CONTENT_MESSAGES.image, 'base64Str');
    return null;
  }
  return storeContentImage(ctx, kind, base64Str);
}

/** Runs the write in one transaction with its staff-log entry; a missing row is "not found". */
async function write<T extends { id: number }>(ctx: ServiceContext, action: string, subjectType: ContentKind, work: (tx: ServiceContext) => Promise<T | undefined>): Promise<T> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await work(tx);
    if (!row) throw new DomainError(CONTENT_MESSAGES.notFound, 'id');
    await logStaffAction(tx, { action, subjectType, subjectId: row.id });
    return row;
  });
}

type WithImage<T> = Partial<T> & { base64Str?: string | null };

export async function createBanner(ctx: ServiceContext, input: WithImage<BannerInput>): Promise<BannerRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const data = parse(validate(bannerSchema, input));
  const image = (await imageFor(ctx, 'banner', input.base64Str, true))!;
  return write(ctx, 'bannerCreate', 'banner', async (tx) => {
    const [row] = await tx.db.insert(banners).values({ ...data, image, sortOrder: await nextSortOrder(tx, 'banner') }).returning();
    return row;
  });
}

export async function updateBanner(ctx: ServiceContext, id: number, input: WithImage<BannerInput>): Promise<BannerRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const [current] = await ctx.db.select().from(banners).where(eq(banners.id, id));
  if (!current) throw new DomainError(CONTENT_MESSAGES.notFound, 'id');
  const data = parse(validate(bannerSchema, { ...current, ...definedOnly(input) }));
  const image = await imageFor(ctx, 'banner', input.base64Str, false);
  return write(ctx, 'bannerUpdate', 'banner', async (tx) => {
    const [row] = await tx.db.update(banners).set({ ...data, ...(image ? { image } : {}) }).where(eq(banners.id, id)).returning();
    return row;
  });
}

export async function createAnnouncementModal(ctx: ServiceContext, input: WithImage<AnnouncementModalInput>): Promise<AnnouncementModalRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const data = parse(validate(announcementModalSchema, input));
  const image = (await imageFor(ctx, 'announcement', input.base64Str, true))!;
  return write(ctx, 'announcementModalCreate', 'announcementModal', async (tx) => {
    const [row] = await tx.db.insert(announcementModals).values({ ...data, image, sortOrder: await nextSortOrder(tx, 'announcementModal') }).returning();
    return row;
  });
}

export async function updateAnnouncementModal(ctx: ServiceContext, id: number, input: WithImage<AnnouncementModalInput>): Promise<AnnouncementModalRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const [current] = await ctx.db.select().from(announcementModals).where(eq(announcementModals.id, id));
  if (!current) throw new DomainError(CONTENT_MESSAGES.notFound, 'id');
  const data = parse(validate(announcementModalSchema, { ...current, ...definedOnly(input) }));
  const image = await imageFor(ctx, 'announcement', input.base64Str, false);
  return write(ctx, 'announcementModalUpdate', 'announcementModal', async (tx) => {
    const [row] = await tx.db.update(announcementModals).set({ ...data, ...(image ? { image } : {}) }).where(eq(announcementModals.id, id)).returning();
    return row;
  });
}

export async function createTestimonial(ctx: ServiceContext, input: Partial<TestimonialInput> & { productId?: number | null }): Promise<TestimonialRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const data = parse(validate(testimonialSchema, input));
  return write(ctx, 'testimonialCreate', 'testimonial', async (tx) => {
    const [row] = await tx.db
      .insert(testimonials)
      .values({ ...data, productId: input.productId ?? null, sortOrder: await nextSortOrder(tx, 'testimonial') })
      .returning();
    return row;
  });
}

export async function updateTestimonial(ctx: ServiceContext, id: number, input: Partial<TestimonialInput> & { productId?: number | null }): Promise<TestimonialRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const [current] = await ctx.db.select().from(testimonials).where(eq(testimonials.id, id));
  if (!current) throw new DomainError(CONTENT_MESSAGES.notFound, 'id');
  const data = parse(validate(testimonialSchema, { ...current, ...definedOnly(input) }));
  return write(ctx, 'testimonialUpdate', 'testimonial', async (tx) => {
    const set = { ...data, ...(input.productId !== undefined ? { productId: input.productId } : {}) };
    const [row] = await tx.db.update(testimonials).set(set).where(eq(testimonials.id, id)).returning();
    return row;
  });
}

/** Removes one banner, announcement modal or testimonial. */
export async function deleteContent(ctx: ServiceContext, kind: ContentKind, id: number): Promise<{ id: number }> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const table = shared(kind);
  return write(ctx, `${kind}Delete`, kind, async (tx) => {
    const [row] = await tx.db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    return row;
  });
}

/** Turns one item on or off without touching the rest of it. */
export async function setContentActive(ctx: ServiceContext, kind: ContentKind, id: number, isActive: boolean): Promise<{ id: number }> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const table = shared(kind);
  return write(ctx, isActive ? `${kind}Activate` : `${kind}Deactivate`, kind, async (tx) => {
    const [row] = await tx.db.update(table).set({ isActive }).where(eq(table.id, id)).returning({ id: table.id });
    return row;
  });
}

/**
 * Puts every item of a kind in the given order (the storefront shows them so). The list must
 * name each existing item exactly once: a stale screen cannot drop an item added meanwhile.
 */
export async function reorderContent(ctx: ServiceContext, kind: ContentKind, ids: readonly number[]): Promise<number[]> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const table = shared(kind);
  return ctx.db.transaction(async (db) => {
    const existing = await db.select({ id: table.id }).from(table).for('update');
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || wanted.size !== existing.length || existing.some((r) => !wanted.has(r.id))) {
      throw new DomainError(CONTENT_MESSAGES.reorder, 'ids');
    }
    // One statement: each id gets its position.
    if (ids.length > 0) {
      const cases = sql.join(ids.map((id, index) => sql`when ${id}::int then ${index}::int`), sql` `);
      await db.update(table).set({ sortOrder: sql`case ${table.id} ${cases} end` }).where(inArray(table.id, [...ids]));
    }
    await logStaffAction({ ...ctx, db }, { action: `${kind}Reorder`, subjectType: kind, subjectId: ids[0] ?? 0, note: ids.join(',') });
    return [...ids];
  });
}

/** contentPageUpdate: the page's HTML is sanitised before it is stored (content.service.ts). */
export async function updateContentPage(ctx: ServiceContext, input: unknown): Promise<ContentPageRow> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const data = parse(validate(contentPageSchema, input));
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await saveContentPage(tx, data);
    await logStaffAction(tx, { action: 'contentPageUpdate', subjectType: 'contentPage', subjectId: row.id, note: row.slug });
    return row;
  });
}

/** Input fields the caller gave (GraphQL gives null for omitted optional fields). */
function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([key, v]) => v !== undefined && v !== null && key !== 'base64Str')) as Partial<T>;
}
