import { eq } from 'drizzle-orm';
import type { GeocodePlace } from '@contract/geo';
import type { DbOrTx } from '../db/client';
import { geocodeCache, users } from '../db/schema';
import { geocodeCacheKey } from '../geo/geocode-location';

/**
 * Places around the demo's trucks, as Nominatim answers them, put in the geocoding cache by the demo
 * seed: a first `npm start` without internet still places its trucks on the map and answers "near
 * Austin, TX" in the directory (decision 197). Online, the cache refreshes them after 30 days as usual.
 */
const DEMO_PLACES: Array<{ names: string[]; place: GeocodePlace }> = [
  {
    names: ['Austin, TX', 'Austin, Texas', 'Austin'],
    place: {
      lat: '30.2711286',
      lon: '-97.7436995',
      display_name: 'Austin, Travis County, Texas, United States',
    },
  },
  {
    names: ['Round Rock, TX', 'Round Rock, Texas', 'Round Rock'],
    place: {
      lat: '30.508235',
      lon: '-97.678893',
      display_name: 'Round Rock, Williamson County, Texas, United States',
    },
  },
  {
    names: ['Georgetown, TX', 'Georgetown, Texas'],
    place: {
      lat: '30.6332618',
      lon: '-97.6779842',
      display_name: 'Georgetown, Williamson County, Texas, United States',
    },
  },
  {
    names: ['Pflugerville, TX', 'Pflugerville, Texas', 'Pflugerville'],
    place: {
      lat: '30.4393696',
      lon: '-97.6200043',
      display_name: 'Pflugerville, Travis County, Texas, United States',
    },
  },
  {
    names: ['San Marcos, TX', 'San Marcos, Texas'],
    place: {
      lat: '29.8826436',
      lon: '-97.9405828',
      display_name: 'San Marcos, Hays County, Texas, United States',
    },
  },
  {
    names: ['San Antonio, TX', 'San Antonio, Texas', 'San Antonio'],
    place: {
      lat: '29.4246002',
      lon: '-98.4951405',
      display_name: 'San Antonio, Bexar County, Texas, United States',
    },
  },
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
