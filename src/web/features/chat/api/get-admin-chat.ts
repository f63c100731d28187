import { useQuery } from '@tanstack/react-query';
import type { AdminChatResponse } from '../../../../core/chat';
import { api } from '../../../lib/api-client';

export const ADMIN_CHAT_QUERY_KEY = ['/api/admin/chat'] as const;
/** The monitor polls every 5 seconds (live messages arrive over the socket meanwhile). */
export const ADMIN_CHAT_POLL_MS = 5000;

export function useAdminChat() {
  return useQuery({
    queryKey: ADMIN_CHAT_QUERY_KEY,
    queryFn: ({ signal }) => api<AdminChatResponse>('/api/admin/chat', { signal }),
    refetchInterval: ADMIN_CHAT_POLL_MS,
  });
}
