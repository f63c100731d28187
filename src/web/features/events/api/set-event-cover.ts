import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { eventOrdersQuery } from './get-event-orders';

/** PUT /api/events/{id}/cover-image: a new cover (data URL), or null to remove it. Organizer only. */
export function useSetEventCover(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('events.cover.failed') },
      invalidates: [eventOrdersQuery(eventId).queryKey],
    },
    mutationFn: (coverImage: string | null) =>
      apiClient.PUT('/api/events/{id}/cover-image', {
        params: { path: { id: eventId } },
        body: { coverImage },
      }),
  });
}
