import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastMutationError } from './mutation-errors';

/**
 * Retry once, no refetch on focus; every query brings its own `queryFn` (through the typed client). A failed mutation's toast is shown
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
        retry: 1,
        refetchOnWindowFocus: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
