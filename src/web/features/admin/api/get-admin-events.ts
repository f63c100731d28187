import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventDto, AdminEventsPage } from '@contract/events';
import { api } from '@web/lib/api-client';

export type AdminEvent = AdminEventDto;
export type { AdminEventsPage };

export const adminEventsQueryKey = ['/api/admin/events'] as const;

/** Every event for admins, newest first, searchable and paged (GET /api/admin/events). */
export function adminEventsQuery(page: number, q: string, hiddenOnly = false) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  if (hiddenOnly) params.set('hidden', 'true');
  return queryOptions({
    queryKey: [...adminEventsQueryKey, page, q, hiddenOnly],
    queryFn: ({ signal }) => api<AdminEventsPage>(`/api/admin/events?${params.toString()}`, { signal }),
  });
}

export function useAdminEvents(page: number, q: string, hiddenOnly = false) {
  return useQuery({ ...adminEventsQuery(page, q, hiddenOnly), placeholderData: keepPreviousData });
}
