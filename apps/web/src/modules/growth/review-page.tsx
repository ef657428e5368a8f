/** What the self and leader review pages share: the review loaded from `?id=`, kept by the page until its Reload. */
import { STATUS } from '@bo/contract';
import type { Review } from '@bo/contract/growth/performance';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../shared/components/QueryStates';
import { isApiError } from '../../shared/http/api-error';
import { reviewQuery } from './growth.queries';

export function useReviewId() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** Loads the review of `?id=` and renders `children` with it and a reload for the stale banner. */
export function WithReview({ children }: { children: (review: Review, reload: () => Promise<Review | null>) => ReactNode }) {
  const id = useReviewId();
  const review = useQuery(reviewQuery(id));
  // A review is written from its row of the list: without an id the page goes there.
  if (id === 0) return <Navigate to="/performance/index" replace />;
  return (
    <QueryStates pending={id > 0 && review.isPending} error={review.error} onRetry={() => void review.refetch()}>
      {review.data &&
        children(review.data, async () => {
          const fresh = await review.refetch();
          return isApiError(fresh.error) && fresh.error.status === STATUS.NOT_FOUND ? null : (fresh.data ?? null);
        })}
    </QueryStates>
  );
}
