import type { ChatHistoryResponse } from '@core/chat';
import { apiClient } from '@web/lib/api-client';

/**
 * This browser's own conversation. Also starts a guest's session, which the socket needs: the
 * upgrade answer can't set a cookie.
 */
export function getChatHistory(signal?: AbortSignal): Promise<ChatHistoryResponse> {
  return apiClient.GET('/api/chat/history', { signal });
}
