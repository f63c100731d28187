import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '../../../../contract/events';
import { api } from '../../../lib/api-client';
import { organizerEventsQueryKey } from './get-organizer-events';

export interface EventRequest {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  location: string;
  expectedDiners: number;
  /** Two-decimal string ("500.00"). */
  minimumSales: string;
  foodTruckId: number;
  priceMarkupPercentage: number;
}

/** POST /api/events: the server sets the organizer, pending_approval and the 24-hour expiry itself. */
export function useCreateEvent(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to create event' } },
    mutationFn: (request: EventRequest) => api<EventDto>('/api/events', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerEventsQueryKey(organizerId) }),
  });
}
