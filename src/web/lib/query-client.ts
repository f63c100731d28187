import { MutationCache, QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { toastMutationError } from './mutation-errors';

/**
 * GET the first key as the path, retry once, no refetch on focus. A failed mutation's toast is shown
 * here, from the `meta.errorToast` its hook declares.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        toastMutationError(error, mutation.meta?.errorToast),
    }),
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
