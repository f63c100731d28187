import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Coordinates of a place through our server's geocoding proxy (GET /api/geocode?location=…). */
export const geocodeQuery = (location: string) =>
  queryOptions({
    queryKey: ['/api/geocode', location],
    queryFn: ({ signal }) => apiClient.GET('/api/geocode', { params: { query: { location } }, signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useGeocode(location: string, enabled: boolean) {
  return useQuery({ ...geocodeQuery(location), enabled });
}
