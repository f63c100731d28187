import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeDto } from '@contract/updates';
import { api } from '@web/lib/api-client';

const unsubscribeUrl = (token: string) => `/api/updates/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an update e-mail's unsubscribe link is about, and whether it was already followed. */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: [unsubscribeUrl(token)],
    queryFn: ({ signal }) => api<UnsubscribeDto>(unsubscribeUrl(token), { signal }),
    retry: false,
  });

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeQuery(token), enabled: token.length > 0 });
}

/** POST /api/updates/unsubscribe: stops that event's update e-mails to that address. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => api<UnsubscribeDto>(unsubscribeUrl(token), { method: 'POST' }),
  });
}
