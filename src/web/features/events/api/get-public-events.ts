import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { api } from '@web/lib/api-client';

export type PublicEvent = EventDto & { foodTruckName: string | null; cuisine: string | null };

export const PUBLIC_EVENTS_QUERY_KEY = ['/api/events/public'] as const;

/** Live, upcoming, not hidden events, soonest first (GET /api/events/public). */
export const publicEventsQuery = () =>
  queryOptions({
    queryKey: PUBLIC_EVENTS_QUERY_KEY,
    queryFn: ({ signal }) => api<PublicEvent[]>('/api/events/public', { signal }),
  });

export function usePublicEvents() {
  return useQuery(publicEventsQuery());
}
