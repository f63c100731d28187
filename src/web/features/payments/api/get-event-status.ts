import type { EventStatus } from '@core/event-status';
import { apiClient } from '@web/lib/api-client';

/** The event's status now (GET /api/events/{id}, a cached public read), to word a payment's outcome. */
export async function getEventStatus(eventId: number): Promise<EventStatus> {
  return (await apiClient.GET('/api/events/{id}', { params: { path: { id: eventId } } })).status;
}
