import type { GeocodePlace } from '@contract/geo';

export type MapTarget = { lat: number; lon: number; label: string } | { error: string };

/** The first place's coordinates, or the message the map shows for why there are none. */
export function pickCoordinates(places: GeocodePlace[] | undefined): MapTarget {
  const first = places?.[0];
  if (!first) return { error: 'Location not found' };
  const lat = Number.parseFloat(first.lat);
  const lon = Number.parseFloat(first.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { error: 'Invalid coordinates received' };
  }
  return { lat, lon, label: first.display_name };
}
