import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The cache key: the link's own address. */
const unsubscribeUrl = (token: string) => `/api/updates/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an update e-mail's unsubscribe link is about, and whether it was already followed. */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: [unsubscribeUrl(token)],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/updates/unsubscribe', { params: { query: { token } }, signal }),
    retry: false,
  });

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeQuery(token), enabled: token.length > 0 });
}

/** POST /api/updates/unsubscribe: stops that event's update e-mails to that address. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => apiClient.POST('/api/updates/unsubscribe', { params: { query: { token } } }),
  });
}
