import { queryOptions } from '@tanstack/react-query';
import type { TourProgress } from '@core/tour';
import { apiClient } from '@web/lib/api-client';

export const tourProgressQueryKey = (userId: number) => ['/api/tour', userId] as const;

/** A signed-in user's saved progress; null when they have never seen the tour. */
export async function getTourProgress(signal?: AbortSignal): Promise<TourProgress | null> {
  const { progress } = await apiClient.GET('/api/tour', { signal });
  return progress;
}

/** The saved progress of one signed-in user; it changes only through this browser, so it never goes stale. */
export const tourProgressQuery = (userId: number) =>
  queryOptions({
    queryKey: tourProgressQueryKey(userId),
    queryFn: ({ signal }) => getTourProgress(signal),
    staleTime: Infinity,
  });

export async function saveTourProgress(progress: TourProgress): Promise<TourProgress> {
  const saved = await apiClient.PUT('/api/tour', { body: progress });
  return saved.progress;
}
