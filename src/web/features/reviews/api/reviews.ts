import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { cursorPagesQuery } from '@web/components/load-more';
import { useT } from '@web/lib/i18n';

/** Who is writing: a diner by their order's signed link, or the organizer of an event. */
export type Reviewer = { order: number; token: string } | { event: number };

/** A truck's reviews, newest first, a page at a time. */
export function useTruckReviews(truckId: number) {
  return useInfiniteQuery(
    cursorPagesQuery(['/api/trucks', truckId, 'reviews'], (cursor, signal) =>
      apiClient.GET('/api/trucks/{id}/reviews', {
        params: { path: { id: truckId }, query: { cursor } },
        signal,
      }),
    ),
  );
}

/** What the reviewer's link opens: the truck, the event, and whether a review can be written. */
export function useReviewInvitation(who: Reviewer) {
  return useQuery({
    queryKey: ['review-invitation', who],
    queryFn: ({ signal }) =>
      'order' in who
        ? apiClient.GET('/api/orders/{id}/review', {
            params: { path: { id: who.order }, query: { token: who.token } },
            signal,
          })
        : apiClient.GET('/api/events/{id}/review', { params: { path: { id: who.event } }, signal }),
    retry: false,
  });
}

export function useWriteReview(who: Reviewer) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('reviews.saveFailed') },
      invalidates: [['review-invitation']],
    },
    mutationFn: (review: { rating: number; body: string | null }) =>
      'order' in who
        ? apiClient.POST('/api/orders/{id}/review', {
            params: { path: { id: who.order }, query: { token: who.token } },
            body: review,
          })
        : apiClient.POST('/api/events/{id}/review', { params: { path: { id: who.event } }, body: review }),
  });
}

/**
 * A change to one review (the truck's answer, an admin's removal): `fallback` is the toast if it fails;
 * once it is saved, the truck pages' reviews are asked for again.
 */
function useReviewChange<TVariables, TData>(
  fallback: string,
  change: (variables: TVariables) => Promise<TData>,
) {
  return useMutation({
    meta: { errorToast: { fallback }, invalidates: [['/api/trucks']] },
    mutationFn: change,
  });
}

export function useReplyToReview() {
  const t = useT('app');
  return useReviewChange(t('reviews.answerFailed'), ({ id, reply }: { id: number; reply: string }) =>
    apiClient.POST('/api/reviews/{id}/reply', { params: { path: { id } }, body: { reply } }),
  );
}

export function useRemoveReview() {
  const t = useT('app');
  return useReviewChange(t('reviews.removeFailed'), ({ id, reason }: { id: number; reason: string }) =>
    apiClient.POST('/api/admin/reviews/{id}/remove', { params: { path: { id } }, body: { reason } }),
  );
}
