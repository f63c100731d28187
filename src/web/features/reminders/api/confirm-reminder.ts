import { useMutation } from '@tanstack/react-query';
import type { ReminderConfirmedDto } from '@contract/reminders';
import { api } from '@web/lib/api-client';

/** POST /api/reminders/confirm: the confirmation mail's link, confirmed by a press of its button. */
export function useConfirmReminder(token: string) {
  return useMutation({
    mutationFn: () =>
      api<ReminderConfirmedDto>('/api/reminders/confirm', { method: 'POST', body: { token } }),
  });
}
