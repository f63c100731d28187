import { useMutation } from '@tanstack/react-query';
import type { CreateEventInput } from '@contract/events';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { organizerEventsQueryKey } from './get-organizer-events';

/** The request body as the contract takes it (the goal as a two-decimal string, "500.00"). */
export type EventRequest = CreateEventInput;

/** POST /api/events: the server sets the organizer, pending_approval and the 24-hour expiry itself. */
export function useCreateEvent(organizerId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('createEvent.failed') },
      invalidates: [organizerEventsQueryKey(organizerId)],
    },
    mutationFn: (request: EventRequest) => apiClient.POST('/api/events', { body: request }),
  });
}
