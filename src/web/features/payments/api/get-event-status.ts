import type { EventDetailDto } from '@contract/events';
import type { EventStatus } from '@core/event-status';
import { api } from '@web/lib/api-client';

/** The event's status now (GET /api/events/{id}, a cached public read), to word a payment's outcome. */
export async function getEventStatus(eventId: number): Promise<EventStatus> {
  return (await api<Pick<EventDetailDto, 'status'>>(`/api/events/${eventId}`)).status;
}
