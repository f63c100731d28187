import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MessageDto } from '@contract/common';

/** POST /api/events/{id}/reminders: mails a confirmation link to the address. */
export function useRequestReminder(eventId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      api<MessageDto>(`/api/events/${eventId}/reminders`, { method: 'POST', body: { email } }),
  });
}
