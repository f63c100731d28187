import { useQuery } from '@tanstack/react-query';
import type { OrganizerDeskDto } from '@contract/desk';
import { api } from '@web/lib/api-client';

/** The organizer's dashboard (GET /api/organizer/desk). */
export function useOrganizerDesk() {
  return useQuery({
    queryKey: ['/api/organizer/desk'],
    queryFn: ({ signal }) => api<OrganizerDeskDto>('/api/organizer/desk', { signal }),
  });
}
