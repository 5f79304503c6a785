// Reviews, read side: a product's reviews (newest first) and its average rating.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { users } from '../accounts/accounts.tables';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { reviews } from './reviews.tables';

export type ReviewRow = typeof reviews.$inferSelect;
export type Reviewer = { id: number; firstName: string; lastName: string };

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

/**
 * Reviewer names as the product page shows them. Public profiles are not part of the accounts
 * API yet, so this reads the two name columns directly.
 * TODO(accounts): replace with the accounts service's public-profile lookup when it exists.
 */
export function reviewerLoader(ctx: ServiceContext) {
  return contextLoader<Reviewer | null>(
    ctx,
    'reviewerById',
    async (ids) => {
      const rows = await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },
    () => null,
  );
}
