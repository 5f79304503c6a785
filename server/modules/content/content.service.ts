// Storefront content: banners, announcements, testimonials and the staff-edited content pages.
import { asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { sanitizeContent } from '../../lib/sanitize-content';
import { announcementModals, banners, contentPages, testimonials } from './content.tables';

const page = (limit: number) => Math.min(Math.max(limit, 0), 100);

export async function listBanners(ctx: ServiceContext, first: number) {
  return ctx.db.select().from(banners).where(eq(banners.isActive, true)).orderBy(asc(banners.sortOrder), asc(banners.id)).limit(page(first));
}

export async function listAnnouncementModals(ctx: ServiceContext, first: number) {
  return ctx.db
    .select()
    .from(announcementModals)
    .where(eq(announcementModals.isActive, true))
    .orderBy(asc(announcementModals.sortOrder), asc(announcementModals.id))
    .limit(page(first));
}

export async function listTestimonials(ctx: ServiceContext, first: number) {
  return ctx.db
    .select()
    .from(testimonials)
    .where(eq(testimonials.isActive, true))
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
    .limit(page(first));
}

export async function getContentPage(ctx: ServiceContext, slug: string) {
  const [row] = await ctx.db.select().from(contentPages).where(eq(contentPages.slug, slug));
  return row ?? null;
}

/** Creates or replaces a content page; the HTML is sanitised before it is stored. */
export async function saveContentPage(
  ctx: Pick<ServiceContext, 'db'>,
  input: { slug: string; title: string; content: string; seoDescription?: string },
) {
  const values = {
    slug: input.slug,
    title: input.title,
    content: sanitizeContent(input.content),
    seoDescription: input.seoDescription ?? '',
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(contentPages)
    .values(values)
    .onConflictDoUpdate({ target: contentPages.slug, set: values })
    .returning();
  return row!;
}
