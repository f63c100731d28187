import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { toastMutationError, type ErrorToast } from './mutation-errors';

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
 * What a mutation's hook declares (`meta`) for the MutationCache to do, whichever component ran it:
 * the toast for its failure, and the queries to read again once it has succeeded.
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: ErrorToast; invalidates?: readonly QueryKey[] };
  }
}

/**
 * Retry once where worth it, no refetch on focus; every query brings its own `queryFn` (through the
 * typed client). A mutation's `meta` is carried out here.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        toastMutationError(error, mutation.meta?.errorToast),
      // Awaited: the mutation is done once what it changed has been read again.
      onSuccess: (_data, _variables, _context, mutation) =>
        Promise.all(
          (mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })),
        ),
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
  return client;
}
