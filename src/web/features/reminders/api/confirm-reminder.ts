import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** POST /api/reminders/confirm: the confirmation mail's link, confirmed by a press of its button. */
export function useConfirmReminder(token: string) {
  return useMutation({
    mutationFn: () => apiClient.POST('/api/reminders/confirm', { body: { token } }),
  });
}
