import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const ADMIN_CHAT_QUERY_KEY = ['/api/admin/chat'] as const;
/** The monitor polls every 5 seconds (live messages arrive over the socket meanwhile). */
export const ADMIN_CHAT_POLL_MS = 5000;

export const adminChatQuery = () =>
  queryOptions({
    queryKey: ADMIN_CHAT_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.GET('/api/admin/chat', { signal }),
  });

export function useAdminChat() {
  return useQuery({ ...adminChatQuery(), refetchInterval: ADMIN_CHAT_POLL_MS });
}
