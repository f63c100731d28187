import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewDto, ReviewInvitationDto, ReviewsPageDto } from '@contract/reviews';
import { api } from '@web/lib/api-client';

/** Who is writing: a diner by their order's signed link, or the organizer of an event. */
export type Reviewer = { order: number; token: string } | { event: number };

const reviewUrl = (who: Reviewer) =>
  'order' in who
    ? `/api/orders/${who.order}/review?token=${encodeURIComponent(who.token)}`
    : `/api/events/${who.event}/review`;

/** A truck's reviews, newest first, a page at a time. */
export function useTruckReviews(truckId: number) {
  return useInfiniteQuery({
    queryKey: ['/api/trucks', truckId, 'reviews'],
    queryFn: ({ pageParam, signal }) =>
      api<ReviewsPageDto>(
        `/api/trucks/${truckId}/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** What the reviewer's link opens: the truck, the event, and whether a review can be written. */
export function useReviewInvitation(who: Reviewer) {
  return useQuery({
    queryKey: ['review-invitation', who],
    queryFn: ({ signal }) => api<ReviewInvitationDto>(reviewUrl(who), { signal }),
    retry: false,
  });
}

export function useWriteReview(who: Reviewer) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not save your review' } },
    mutationFn: (review: { rating: number; body: string | null }) =>
      api<ReviewDto>(reviewUrl(who), { method: 'POST', body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review-invitation'] }),
  });
}

function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['/api/trucks'] });
}

export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not save your answer' } },
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      api<ReviewDto>(`/api/reviews/${id}/reply`, { method: 'POST', body: { reply } }),
    onSuccess: refresh,
  });
}

export function useRemoveReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not remove the review' } },
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ message: string }>(`/api/admin/reviews/${id}/remove`, { method: 'POST', body: { reason } }),
    onSuccess: refresh,
  });
}
