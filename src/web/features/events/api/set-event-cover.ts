import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { eventOrdersQuery } from './get-event-orders';

/** PUT /api/events/{id}/cover-image: a new cover (data URL), or null to remove it. Organizer only. */
export function useSetEventCover(eventId: number) {
  return useMutation({
    meta: {
      errorToast: { fallback: 'Failed to save the cover picture' },
      invalidates: [eventOrdersQuery(eventId).queryKey],
    },
    mutationFn: (coverImage: string | null) =>
      apiClient.PUT('/api/events/{id}/cover-image', {
        params: { path: { id: eventId } },
        body: { coverImage },
      }),
  });
}
