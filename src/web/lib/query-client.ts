import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { toastMutationError } from './mutation-errors';

/**
 * A refusal (4xx) is the answer: asking again would only keep the person waiting a second longer for
 * "not found". A failure of the network or the server, a timeout or a rate limit is worth one retry.
 */
function worthRetrying(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Retry once where worth it, no refetch on focus; every query brings its own `queryFn` (through the typed client). A failed mutation's toast is shown
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
        retry: worthRetrying,
        refetchOnWindowFocus: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
