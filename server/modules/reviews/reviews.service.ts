// Reviews: a product's reviews (newest first) and its average rating, and a customer writing
// or updating their review of a product they received (docs/product/catalogue.md#reviews).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_MESSAGES, reviewInputSchema } from '../../../common/reviews/review';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getPublicProfiles, type PublicProfile } from '../accounts/accounts.service';
import type { ProductPageRead } from '../catalogue/catalogue.events';
import { contextLoader, qualified } from '../catalogue/catalogue.loaders';
import { hasFulfilledOrderOfProduct } from '../orders/orders.service';
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

/** The signed-in customer's own reviews, newest first (User.reviews); none for a visitor. */
export async function listOwnReviews(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<ReviewRow[]> {
  if (!ctx.user) return [];
  return ctx.db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, ctx.user.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOwnReviews(ctx: ServiceContext): Promise<number> {
  if (!ctx.user) return 0;
  const [row] = await ctx.db.select({ n: count() }).from(reviews).where(eq(reviews.userId, ctx.user.id));
  return Number(row?.n ?? 0);
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

/** The product page's statement reads the average and count of each product it shows (catalogue's productPageRating). */
export const productPageRatingRead: ProductPageRead = {
  select: (productId) =>
    sql`(select json_build_object('average', avg(${qualified(reviews.rating)})::float8, 'count', count(*)::int) from ${reviews} where ${qualified(reviews.productId)} = ${qualified(productId)})`,
  keep: (ctx, productId, value) => {
    const { average, count } = value as { average: number | null; count: number };
    // No reviews: the loader's own answer for a product without rows.
    ratingLoader(ctx).prime(productId, count > 0 ? { average: Number(average), count } : { average: 0, count: 0 });
  },
};

/** Reviewer names as the product page shows them, from the accounts service, batched per request. */
export function reviewerLoader(ctx: ServiceContext) {
  return contextLoader<Reviewer | null>(ctx, 'reviewerById', (ids) => getPublicProfiles(ctx, ids), () => null);
}

/** The signed-in user's own reviews of these products, batched per request (none for visitors). */
export function ownReviewLoader(ctx: ServiceContext) {
  return contextLoader<ReviewRow | null>(
    ctx,
    'ownReviewByProduct',
    async (productIds) => {
      const user = ctx.user;
      if (!user) return new Map();
      const rows = await ctx.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, user.id), inArray(reviews.productId, [...productIds])));
      return new Map(rows.map((r) => [r.productId, r]));
    },
    () => null,
  );
}

/** isReviewed(productId): whether the signed-in user reviewed the product (false for visitors). */
export async function isReviewed(ctx: ServiceContext, productId: number): Promise<boolean> {
  return (await ownReviewLoader(ctx).load(productId)) !== null;
}

function parseReviewInput(input: { rating: unknown; note: unknown }) {
  const parsed = validate(reviewInputSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  return parsed.data;
}

/**
 * addReview: the signed-in customer reviews a product from one of their own FULFILLED orders.
 * One review per customer and product (the unique index reviews_product_user_idx): a second
 * addReview, from a stale page or a double click, updates that review and answers its id
 * rather than failing. Its date stays the date it was first written.
 */
export async function addReview(
  ctx: ServiceContext,
  input: { productId: number | null; rating: unknown; note: unknown },
): Promise<ReviewRow> {
  const { rating, note } = parseReviewInput(input);
  const user = ctx.user;
  const productId = input.productId;
  if (!user || productId === null) throw new DomainError(REVIEW_MESSAGES.failed, 'productId');
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // Orders never leave FULFILLED, so what this reads cannot change before the commit.
    if (!(await hasFulfilledOrderOfProduct(txCtx, user.id, productId))) {
      throw new DomainError(REVIEW_MESSAGES.failed, 'productId');
    }
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId: user.id, rating, note })
      .onConflictDoUpdate({ target: [reviews.productId, reviews.userId], set: { rating, note } })
      .returning();
    return row!;
  });
}

/** updateReview: the signed-in customer changes the rating and note of their own review. */
export async function updateReview(
  ctx: ServiceContext,
  input: { reviewId: number | null; rating: unknown; note: unknown },
): Promise<ReviewRow> {
  const { rating, note } = parseReviewInput(input);
  const user = ctx.user;
  const reviewId = input.reviewId;
  // Another customer's review is "not found", exactly like a missing one.
  if (!user || reviewId === null) throw new DomainError(REVIEW_MESSAGES.failed, 'id');
  // One statement: the ownership check and the change cannot be separated.
  const [row] = await ctx.db
    .update(reviews)
    .set({ rating, note })
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, user.id)))
    .returning();
  if (!row) throw new DomainError(REVIEW_MESSAGES.failed, 'id');
  return row;
}
