import { DEFAULT_WITHIN_KM } from '../../core/distance';
import type { Geocoder } from '../adapters/geocoder/geocoder';
import type { Db } from '../db/client';
import { DomainError } from '../domain-error';
import { geocodeLocation } from '../geo/geocode-location';
import type { DirectoryOrigin } from './truck-directory';

/**
 * The place a directory search measures from (decision 197): the geocoder's best match for `near`,
 * from the geocoding cache when it is there. A place it does not know is refused on the `near` field;
 * a geocoder that is down throws `GeocoderUnavailableError` for the route to answer.
 */
export async function findDirectoryOrigin(
  deps: { db: Db; geocoder: Geocoder; now: () => Date },
  near: string,
  withinKm: number | undefined,
): Promise<DirectoryOrigin> {
  const [place] = await geocodeLocation(deps, near);
  const lat = Number(place?.lat);
  const lon = Number(place?.lon);
  if (!place || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    throw new DomainError(
      'place_not_found',
      `We couldn’t find “${near}” on the map. Try a town and state, like “Austin, TX”.`,
      { fields: { near: 'No place by that name' } },
    );
  }
  return { query: near, displayName: place.display_name, lat, lon, withinKm: withinKm ?? DEFAULT_WITHIN_KM };
}
