import { apiClient } from '@web/lib/api-client';
import { useRefreshingMutation } from '@web/lib/use-refreshing-mutation';
import { eventOrdersQuery } from './get-event-orders';

/** PUT /api/events/{id}/cover-image: a new cover (data URL), or null to remove it. Organizer only. */
export function useSetEventCover(eventId: number) {
  return useRefreshingMutation(
    'Failed to save the cover picture',
    (coverImage: string | null) =>
      apiClient.PUT('/api/events/{id}/cover-image', {
        params: { path: { id: eventId } },
        body: { coverImage },
      }),
    eventOrdersQuery(eventId).queryKey,
  );
}
