import { useQuery } from '@tanstack/react-query';
import type { GeocodePlace } from '../../../../contract/geo';
import { api } from '../../../lib/api-client';

/** Coordinates of a place through our server's geocoding proxy (GET /api/geocode?location=…). */
export function useGeocode(location: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/geocode', location],
    queryFn: ({ signal }) =>
      api<GeocodePlace[]>(`/api/geocode?location=${encodeURIComponent(location)}`, { signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
