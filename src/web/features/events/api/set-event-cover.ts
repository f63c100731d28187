import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { api } from '@web/lib/api-client';
import { eventOrdersQuery } from './get-event-orders';

/** PUT /api/events/{id}/cover-image: a new cover (data URL), or null to remove it. Organizer only. */
export function useSetEventCover(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to save the cover picture' } },
    mutationFn: (coverImage: string | null) =>
      api<EventDto>(`/api/events/${eventId}/cover-image`, { method: 'PUT', body: { coverImage } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventOrdersQuery(eventId).queryKey }),
  });
}
