import { eq } from 'drizzle-orm';
import type { GeocodePlace } from '@contract/geo';
import type { DbOrTx } from '../db/client';
import { geocodeCache, users } from '../db/schema';
import { geocodeCacheKey } from '../geo/geocode-location';

/**
 * A Texas city as Nominatim answers it, cached under the names people write it with: "<city>, TX",
 * "<city>, Texas" and, unless `bareName` is false, the city alone.
 */
function texasCity(
  city: string,
  county: string,
  lat: string,
  lon: string,
  { bareName = true } = {},
): { names: string[]; place: GeocodePlace } {
  const names = [`${city}, TX`, `${city}, Texas`, ...(bareName ? [city] : [])];
  return { names, place: { lat, lon, display_name: `${city}, ${county} County, Texas, United States` } };
}

/**
 * Places around the demo's trucks, as Nominatim answers them, put in the geocoding cache by the demo
 * seed: a first `npm start` without internet still places its trucks on the map and answers "near
 * Austin, TX" in the directory (decision 197). Online, the cache refreshes them after 30 days as usual.
 */
const DEMO_PLACES = [
  texasCity('Austin', 'Travis', '30.2711286', '-97.7436995'),
  texasCity('Round Rock', 'Williamson', '30.508235', '-97.678893'),
  // Georgetown and San Marcos are cached under their Texas names only.
  texasCity('Georgetown', 'Williamson', '30.6332618', '-97.6779842', { bareName: false }),
  texasCity('Pflugerville', 'Travis', '30.4393696', '-97.6200043'),
  texasCity('San Marcos', 'Hays', '29.8826436', '-97.9405828', { bareName: false }),
  texasCity('San Antonio', 'Bexar', '29.4246002', '-98.4951405'),
];

/** Fills the geocoding cache with the demo's places and gives the demo trucks their coordinates. */
export async function seedDemoPlaces(db: DbOrTx, truckIds: number[], now: Date): Promise<void> {
  const rows = DEMO_PLACES.flatMap(({ names, place }) =>
    names.map((name) => ({ query: geocodeCacheKey(name), result: [place], fetchedAt: now })),
  );
  await db.insert(geocodeCache).values(rows).onConflictDoNothing();
  for (const id of truckIds) {
    const [truck] = await db.select({ location: users.location }).from(users).where(eq(users.id, id));
    const found = DEMO_PLACES.find(({ names }) =>
      names.some((n) => truck?.location && geocodeCacheKey(n) === geocodeCacheKey(truck.location)),
    );
    if (!truck?.location || !found) continue;
    await db
      .update(users)
      .set({
        areaLat: Number(found.place.lat),
        areaLon: Number(found.place.lon),
        areaGeocodedFor: truck.location,
      })
      .where(eq(users.id, id));
  }
}
