import { eq } from 'drizzle-orm';
import type { GeocodePlace, Geocoder } from '../adapters/geocoder/geocoder';
import type { Db } from '../db/client';
import { geocodeCache } from '../db/schema';

const FOUND_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** "Not found" is cached too, but for less time: a new street may appear in OpenStreetMap. */
const NOT_FOUND_TTL_MS = 24 * 60 * 60 * 1000;

/** Lookups in flight, per geocoder (so per app), so a burst of the same location asks upstream once. */
const inFlightByGeocoder = new WeakMap<Geocoder, Map<string, Promise<GeocodePlace[]>>>();

export function geocodeCacheKey(location: string): string {
  return location.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Coordinates of a location: from the database cache when fresh, otherwise from the geocoder (and then
 * cached, "not found" included). When upstream fails, a stale cached answer is better than none.
 */
export async function geocodeLocation(
  deps: { db: Db; geocoder: Geocoder; now: () => Date },
  location: string,
): Promise<GeocodePlace[]> {
  const key = geocodeCacheKey(location);
  const [cached] = await deps.db.select().from(geocodeCache).where(eq(geocodeCache.query, key));
  if (cached) {
    const places = cached.result as GeocodePlace[];
    const ttl = places.length > 0 ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    if (deps.now().getTime() - cached.fetchedAt.getTime() < ttl) return places;
  }
  let inFlight = inFlightByGeocoder.get(deps.geocoder);
  if (!inFlight) inFlightByGeocoder.set(deps.geocoder, (inFlight = new Map()));
  const pending = inFlight.get(key);
  if (pending) return pending;
  const lookup = (async () => {
    let places: GeocodePlace[];
    try {
      places = await deps.geocoder.search(location.trim().replace(/\s+/g, ' '));
    } catch (error) {
      if (cached) return cached.result as GeocodePlace[];
      throw error;
    }
    await deps.db
      .insert(geocodeCache)
      .values({ query: key, result: places, fetchedAt: deps.now() })
      .onConflictDoUpdate({ target: geocodeCache.query, set: { result: places, fetchedAt: deps.now() } });
    return places;
  })();
  inFlight.set(key, lookup);
  try {
    return await lookup;
  } finally {
    inFlight.delete(key);
  }
}
