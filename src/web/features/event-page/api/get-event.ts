import { useQuery } from '@tanstack/react-query';
import type { EventDto } from '../../../../server/events/event-dto';
import type { TruckDto } from '../../../../server/trucks/truck-dto';
import { api } from '../../../lib/api-client';

export type PublicEventDetails = EventDto & {
  foodTruckName: string | null;
  cuisine: string | null;
  foodTruck: TruckDto;
  /** The items this event offers; null: the truck's whole active menu. */
  menuItemIds: number[] | null;
};

export const eventQueryKey = (eventId: number) => [`/api/events/${eventId}`] as const;

/**
 * The event with its truck (GET /api/events/{id}), refreshed every minute while the tab is visible so
 * progress stays current. Not more often: the answer carries the truck's picture inline.
 */
export function useEventDetails(eventId: number) {
  return useQuery({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => api<PublicEventDetails>(`/api/events/${eventId}`, { signal }),
    refetchInterval: 60_000,
  });
}
