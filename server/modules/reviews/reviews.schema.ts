// Reviews on products: Product.reviews (paged, newest first) and Product.totalRating.
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { ProductRef } from '../catalogue/catalogue.schema';
import { listReviews, ratingLoader, reviewerLoader, type Reviewer, type ReviewRow } from './reviews.service';

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

