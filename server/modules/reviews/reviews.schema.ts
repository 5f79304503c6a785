// Reviews on products: Product.reviews (paged, newest first), Product.totalRating, the viewer's
// own review of an order line, isReviewed, and the customer's addReview and updateReview (docs/product/catalogue.md#reviews).
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { UserRef } from '../accounts/accounts.schema';
import { ProductRef } from '../catalogue/catalogue.schema';
import { parseId } from '../catalogue/ids';
import { OrderLineRef } from '../orders/order-types.schema';
import {
  addReview,
  countOwnReviews,
  isReviewed,
  listOwnReviews,
  listReviews,
  ownReviewLoader,
  ratingLoader,
  reviewerLoader,
  updateReview,
  type Reviewer,
  type ReviewRow,
} from './reviews.service';

const ReviewerRef = builder.objectRef<Reviewer>('Reviewer').implement({
  description: 'The public face of a reviewer: names only (the screen shows Anonymous without them).',
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
  }),
});

export const ReviewRef = builder.objectRef<ReviewRow>('Review').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    date: t.expose('createdAt', { type: 'DateTime' }),
    note: t.exposeString('note'),
    rating: t.exposeFloat('rating'),
    product: t.field({ type: ProductRef, resolve: (r) => r.productId }),
    user: t.field({ type: ReviewerRef, nullable: true, resolve: (r, _args, ctx) => reviewerLoader(ctx).load(r.userId) }),
  }),
});

const ReviewConnection = builder.connectionObject({ type: ReviewRef, name: 'ReviewCountableConnection' });

builder.objectFields(ProductRef, (t) => ({
  totalRating: t.float({
    description: 'Average rating of the product\'s reviews (0 when none).',
    resolve: async (p, _args, ctx) => (await ratingLoader(ctx).load(p.id)).average,
  }),
  reviewCount: t.int({ resolve: async (p, _args, ctx) => (await ratingLoader(ctx).load(p.id)).count }),
  reviews: t.connection(
    {
      type: ReviewRef,
      description: 'Newest first; the page loads 10 at a time.',
      resolve: (p, args, ctx) =>
        offsetConnection(
          args,
          (page) => listReviews(ctx, p.id, page),
          async () => (await ratingLoader(ctx).load(p.id)).count,
        ),
    },
    ReviewConnection,
  ),
}));

builder.objectField(UserRef, 'reviews', (t) =>
  t.connection(
    {
      type: ReviewRef,
      description: "The user's own reviews, newest first; empty for anyone but the user (the User type is visible to staff as well).",
      resolve: (user, args, ctx) =>
        ctx.user?.id === user.id
          ? offsetConnection(args, (page) => listOwnReviews(ctx, page), () => countOwnReviews(ctx))
          : offsetConnection(args, async () => [], async () => 0),
    },
    ReviewConnection,
  ),
);

// The link between orders and reviews belongs here, the module that knows both (ADR 004).
builder.objectField(OrderLineRef, 'viewerReview', (t) =>
  t.field({
    type: ReviewRef,
    nullable: true,
    description:
      "The signed-in user's own review of the line's product (null when none): 'Write a Review' or 'Update Review'.",
    resolve: (line, _args, ctx) => ownReviewLoader(ctx).load(line.productId),
  }),
);

builder.queryField('isReviewed', (t) =>
  t.boolean({
    description: 'Whether the signed-in user reviewed the product (false for visitors).',
    args: { productId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const productId = parseId(args.productId, 'Product');
      return productId === null ? false : isReviewed(ctx, productId);
    },
  }),
);

// ---------------------------------------------------------------------------------------------
// Mutations: errors and productErrors carry the same list (docs/product/catalogue.md#reviews).

const AddReviewPayload = builder.objectRef<WithErrors<{ review: ReviewRow }>>('AddReview').implement({
  fields: (t) => ({
    review: t.field({ type: ReviewRef, nullable: true, resolve: (p) => p.review ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    productErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

const UpdateReviewPayload = builder.objectRef<WithErrors<{ review: ReviewRow }>>('UpdateReview').implement({
  fields: (t) => ({
    review: t.field({ type: ReviewRef, nullable: true, resolve: (p) => p.review ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    productErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('addReview', (t) =>
  t.field({
    type: AddReviewPayload,
    description:
      'Reviews a product from one of the user\'s FULFILLED orders: rating 1 to 5, an optional note. ' +
      'A second review of the same product updates the first.',
    authScopes: { loggedIn: true },
    args: {
      productId: t.arg.id({ required: true }),
      rating: t.arg.float({ required: true }),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        review: await addReview(ctx, { productId: parseId(args.productId, 'Product'), rating: args.rating, note: args.note }),
      })),
  }),
);

builder.mutationField('updateReview', (t) =>
  t.field({
    type: UpdateReviewPayload,
    description: "Changes the rating and note of the user's own review (its id as `id` or `reviewId`).",
    authScopes: { loggedIn: true },
    args: {
      id: t.arg.id(),
      reviewId: t.arg.id(),
      rating: t.arg.float({ required: true }),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const id = args.id ?? args.reviewId;
        return {
          review: await updateReview(ctx, { reviewId: id == null ? null : parseId(id, 'Review'), rating: args.rating, note: args.note }),
        };
      }),
  }),
);

