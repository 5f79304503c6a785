import { useState } from 'react';
import { useFetcher } from 'react-router';
import { formatReviewDate, reviewerName } from '../../../common/catalogue/display';
import type { Connection, PageInfo } from '../../graphql/catalogue';
import type { GqlReview } from '../../graphql/catalogue-product';
import { EmptyState } from '../layout/EmptyState';
import { StarRating } from './StarRating';


/** Reviews, 10 at a time with Load More (docs/product/catalogue.md#reviews); 'No reviews' when there are none. */
export function ReviewsList({ productPath, initial }: { productPath: string; initial: Connection<GqlReview> | null }) {
  const fetcher = useFetcher<{ reviews: Connection<GqlReview> | null }>();
  const [reviews, setReviews] = useState<GqlReview[]>(() => (initial?.edges ?? []).map((e) => e.node));
  const [pageInfo, setPageInfo] = useState<PageInfo | null>(initial?.pageInfo ?? null);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const more = fetcher.data?.reviews;
    if (more) {
      setReviews((r) => [...r, ...more.edges.map((e) => e.node)]);
      setPageInfo(more.pageInfo);
    }
  }

  if (reviews.length === 0) {
    return (
      <EmptyState compact title="No reviews">
        Customers who buy this product can review it from their order once it is delivered.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-gray-200">
        {reviews.map((r) => (
          <li key={r.id} className="py-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold">{reviewerName(r.user)}</span>
              <StarRating rating={r.rating} small />
              {r.date ? <span className="text-sm text-gray-600">{formatReviewDate(r.date)}</span> : null}
            </div>
            {r.note ? <p className="mt-1 whitespace-pre-line text-gray-800">{r.note}</p> : null}
          </li>
        ))}
      </ul>
      {pageInfo?.hasNextPage && pageInfo.endCursor ? (
        <button
          type="button"
          className="btn-outline mt-2"
          disabled={fetcher.state !== 'idle'}
          onClick={() => fetcher.load(`${productPath}?reviewsAfter=${encodeURIComponent(pageInfo.endCursor ?? '')}`)}
        >
          {fetcher.state !== 'idle' ? 'Loading' : 'Load More'}
        </button>
      ) : null}
    </div>
  );
}
