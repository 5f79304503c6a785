// Reviews, read side: a product's reviews (newest first) and its average rating.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { getPublicProfiles, type PublicProfile } from '../accounts/accounts.service';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { reviews } from './reviews.tables';

export type ReviewRow = typeof reviews.$inferSelect;
export type Reviewer = PublicProfile;

export async function listReviews(ctx: ServiceContext, productId: number, page: { limit: number; offset: number }) {
  return ctx.db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type RatingSummary = { average: number; count: number };

/** Average rating and count per product, batched per request. */
export function ratingLoader(ctx: ServiceContext) {
  return contextLoader<RatingSummary>(
    ctx,
    'ratingByProduct',
    async (ids) => {
      const rows = await ctx.db
        .select({
          productId: reviews.productId,
          average: sql<number>`avg(${reviews.rating})::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .where(inArray(reviews.productId, [...ids]))
        .groupBy(reviews.productId);
      return new Map(rows.map((r) => [r.productId, { average: Number(r.average), count: r.count }]));
    },
    () => ({ average: 0, count: 0 }),
  );
}

/** Reviewer names as the product page shows them, from the accounts service, batched per request. */
export function reviewerLoader(ctx: ServiceContext) {
  return contextLoader<Reviewer | null>(ctx, 'reviewerById', (ids) => getPublicProfiles(ctx, ids), () => null);
}
