import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetailDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';

export type PublicEventDetails = EventDetailDto;

export const eventQueryKey = (eventId: number) => [`/api/events/${eventId}`] as const;

/**
 * The event with its truck (GET /api/events/{id}). Progress normally arrives live (useLiveProgress);
 * this refetches every minute, or every `pollMs` while the live stream is down. Not more often: the
 * answer carries the truck's picture inline.
 */
/** A receipt link's order and signature: they let its diner see the event after an admin took it down. */
export interface EventReceipt {
  order?: number | undefined;
  token?: string | undefined;
}

/** The same cache entry with or without a receipt: the receipt only widens who may read it. */
export const eventDetailsQuery = (eventId: number, receipt: EventReceipt = {}) =>
  queryOptions({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => {
      const query =
        receipt.order !== undefined && receipt.token
          ? { order: receipt.order, token: receipt.token }
          : undefined;
      return apiClient.GET('/api/events/{id}', { params: { path: { id: eventId }, query }, signal });
    },
  });

export function useEventDetails(eventId: number, pollMs = 60_000, receipt: EventReceipt = {}) {
  return useQuery({ ...eventDetailsQuery(eventId, receipt), refetchInterval: pollMs });
}
