import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The organizer's dashboard (GET /api/organizer/desk). */
export function useOrganizerDesk() {
  return useQuery({
    queryKey: ['/api/organizer/desk'],
    queryFn: ({ signal }) => apiClient.GET('/api/organizer/desk', { signal }),
  });
}
