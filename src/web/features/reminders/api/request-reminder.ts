import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** POST /api/events/{id}/reminders: mails a confirmation link to the address. */
export function useRequestReminder(eventId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.POST('/api/events/{id}/reminders', { params: { path: { id: eventId } }, body: { email } }),
  });
}
