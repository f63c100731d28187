import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@contract/auth';
import { ApiError, apiClient } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/user-query-key';

export type User = UserDto;

export { USER_QUERY_KEY };

/** The signed-in user, or null on 401 (GET /api/user). */
export async function getUser(): Promise<User | null> {
  try {
    return await apiClient.GET('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new Error('Failed to fetch user data');
  }
}

/** Cached 5 minutes, no retry, no refetch on focus. */
export const userQuery = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getUser,
    staleTime: 300_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQuery(), enabled: options.enabled ?? true });
}
