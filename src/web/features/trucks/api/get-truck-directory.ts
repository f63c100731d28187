import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The directory's filters as the URL carries them (`/trucks?cuisine=…&freeOn=…`). */
export interface DirectoryFilters {
  cuisine?: string;
  /** A dietary tag (core/dietary.ts) one of the truck's dishes carries. */
  diet?: string;
  area?: string;
  /** A place: trucks within `within` km of it, nearest first (decision 197). */
  near?: string;
  within?: string;
  minFrom?: string;
  minTo?: string;
  freeOn?: string;
}

function directoryQuery(filters: DirectoryFilters, cursor: string | null) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  if (cursor) query.cursor = cursor;
  return query;
}

/** Bookable trucks matching `filters`, a page at a time (GET /api/trucks). */
export function useTruckDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/trucks', filters],
    queryFn: ({ pageParam, signal }) =>
      apiClient.GET('/api/trucks', { params: { query: directoryQuery(filters, pageParam) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A truck's public page (GET /api/trucks/{id}). */
export function useTruckPage(truckId: number) {
  return useQuery({
    queryKey: ['/api/trucks', truckId],
    queryFn: ({ signal }) => apiClient.GET('/api/trucks/{id}', { params: { path: { id: truckId } }, signal }),
    enabled: Number.isSafeInteger(truckId) && truckId > 0,
  });
}
