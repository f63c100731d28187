import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangeRequestInput, EditEventInput } from '@contract/events';
import { ApiError, apiClient } from '@web/lib/api-client';
import { eventOrdersQuery } from './get-event-orders';

/** The event as its page shows it (GET /api/events/{id}), with its cause: what the edit form starts from. */
export const eventForEditQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}`],
    queryFn: ({ signal }) => apiClient.GET('/api/events/{id}', { params: { path: { id: eventId } }, signal }),
  });

export function useEventForEdit(eventId: number) {
  return useQuery(eventForEditQuery(eventId));
}

/** The newest change of date, time or place and where it stands (organizer and truck only). */
export const latestChangeQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/change-requests/latest`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/change-requests/latest', {
        params: { path: { id: eventId } },
        signal,
      }),
  });

export function useLatestChange(eventId: number) {
  return useQuery(latestChangeQuery(eventId));
}

/** PATCH /api/events/{id}: title, cause and expected diners. Organizer only. */
export function useEditEvent(eventId: number) {
  return useMutation({
    meta: { invalidates: [eventOrdersQuery(eventId).queryKey, eventForEditQuery(eventId).queryKey] },
    mutationFn: (input: EditEventInput) =>
      apiClient.PATCH('/api/events/{id}', { params: { path: { id: eventId } }, body: input }),
  });
}

/** POST /api/events/{id}/change-requests: a new date, times or place for the truck to accept. */
export function useRequestEventChange(eventId: number) {
  return useMutation({
    meta: { invalidates: [latestChangeQuery(eventId).queryKey] },
    mutationFn: (input: ChangeRequestInput) =>
      apiClient.POST('/api/events/{id}/change-requests', {
        params: { path: { id: eventId } },
        body: input,
      }),
  });
}

/**
 * How a failed edit or change request shows on its form: the server's refusal field by field
 * (`errors`), or one message over the form (`formError`) when it named no field, `fallback` when
 * the failure carries no message.
 */
export function formFailure(error: unknown, fallback: string) {
  const errors: Record<string, string> = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const formError =
    error && !(error instanceof ApiError && error.fieldErrors)
      ? error instanceof Error
        ? error.message
        : fallback
      : null;
  return { errors, formError };
}
