import { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** GET the first key as the path, retry once, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => api(String(queryKey[0]), { signal }),
        retry: 1,
        refetchOnWindowFocus: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
