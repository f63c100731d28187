import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeocodePlace } from '@contract/geo';
import { api } from '@web/lib/api-client';

/** Coordinates of a place through our server's geocoding proxy (GET /api/geocode?location=…). */
export const geocodeQuery = (location: string) =>
  queryOptions({
    queryKey: ['/api/geocode', location],
    queryFn: ({ signal }) =>
      api<GeocodePlace[]>(`/api/geocode?location=${encodeURIComponent(location)}`, { signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useGeocode(location: string, enabled: boolean) {
  return useQuery({ ...geocodeQuery(location), enabled });
}
