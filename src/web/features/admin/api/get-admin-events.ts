import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';

export type AdminEvent = AdminEventDto;

export const adminEventsQueryKey = ['/api/admin/events'] as const;

/**
 * Every event for admins, newest first, searchable and paged by cursor (GET /api/admin/events): `cursor`
 * is the previous page's `nextCursor`, null for the first; `page` is only the number shown.
 */
export function adminEventsQuery(cursor: string | null, page: number, q: string, hiddenOnly = false) {
  const query = {
    page,
    cursor: cursor || undefined,
    q: q || undefined,
    hidden: hiddenOnly ? ('true' as const) : undefined,
  };
  return queryOptions({
    queryKey: [...adminEventsQueryKey, cursor, q, hiddenOnly],
    queryFn: ({ signal }) => apiClient.GET('/api/admin/events', { params: { query }, signal }),
  });
}

export function useAdminEvents(cursor: string | null, page: number, q: string, hiddenOnly = false) {
  return useQuery({ ...adminEventsQuery(cursor, page, q, hiddenOnly), placeholderData: keepPreviousData });
}
