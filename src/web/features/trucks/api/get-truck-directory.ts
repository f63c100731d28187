import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TruckDirectoryPageDto, TruckPageDto } from '@contract/trucks';
import { api } from '@web/lib/api-client';

/** The directory's filters as the URL carries them (`/trucks?cuisine=…&freeOn=…`). */
export interface DirectoryFilters {
  cuisine?: string;
  /** A dietary tag (core/dietary.ts) one of the truck's dishes carries. */
  diet?: string;
  area?: string;
  minFrom?: string;
  minTo?: string;
  freeOn?: string;
}

function directoryUrl(filters: DirectoryFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/trucks?${query}` : '/api/trucks';
}

/** Bookable trucks matching `filters`, a page at a time (GET /api/trucks). */
export function useTruckDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/trucks', filters],
    queryFn: ({ pageParam, signal }) =>
      api<TruckDirectoryPageDto>(directoryUrl(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A truck's public page (GET /api/trucks/{id}). */
export function useTruckPage(truckId: number) {
  return useQuery({
    queryKey: ['/api/trucks', truckId],
    queryFn: ({ signal }) => api<TruckPageDto>(`/api/trucks/${truckId}`, { signal }),
    enabled: Number.isSafeInteger(truckId) && truckId > 0,
  });
}
