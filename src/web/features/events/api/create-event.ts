import type { CreateEventInput } from '@contract/events';
import { apiClient } from '@web/lib/api-client';
import { useRefreshingMutation } from '@web/lib/use-refreshing-mutation';
import { organizerEventsQueryKey } from './get-organizer-events';

/**
 * POST /api/events with the body as the contract takes it (the goal as a two-decimal string, "500.00"):
 * the server sets the organizer, pending_approval and the 24-hour expiry itself.
 */
export function useCreateEvent(organizerId: number) {
  return useRefreshingMutation(
    'Failed to create event',
    (request: CreateEventInput) => apiClient.POST('/api/events', { body: request }),
    organizerEventsQueryKey(organizerId),
  );
}
