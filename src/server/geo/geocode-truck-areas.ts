import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GeocoderUnavailableError, type Geocoder } from '../adapters/geocoder/geocoder';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { geocodeLocation } from './geocode-location';

/** Trucks looked up per run: the geocoder answers one a second, so a run stays within seconds. */
export const TRUCK_AREAS_PER_RUN = 5;

/** A truck whose area text changed since its coordinates were looked up, or that was never looked up. */
const areaNeedsLookup = and(
  eq(users.role, 'foodtruck'),
  isNotNull(users.location),
  sql`nullif(trim(${users.location}), '') is not null`,
  sql`${users.areaGeocodedFor} is distinct from ${users.location}`,
);

/**
 * The reconciler's sweep that gives trucks' areas coordinates (docs/decisions/197-truck-distance.md):
 * after a truck saves a new area (its save nudges the reconciler) and, a few at a time, for trucks
 * that were there before coordinates existed. Lookups go through the cached, spaced geocoder; the
 * first time the geocoder fails the run stops, and the next run tries again. A place the geocoder does
 * not know leaves the truck without coordinates (out of distance searches) until its area changes.
 * Two instances may look up the same truck: the cache makes the second lookup free, and a truck whose
 * area changed meanwhile is never given the old area's coordinates.
 */
export async function geocodeTruckAreas(deps: {
  db: Db;
  geocoder: Geocoder;
  now: () => Date;
  log?: FastifyBaseLogger;
}): Promise<{ located: number; unknown: number }> {
  const due = await deps.db
    .select({ id: users.id, location: users.location })
    .from(users)
    .where(areaNeedsLookup)
    .orderBy(asc(users.updatedAt), asc(users.id))
    .limit(TRUCK_AREAS_PER_RUN);
  let located = 0;
  let unknown = 0;
  for (const truck of due) {
    const area = truck.location!;
    let place;
    try {
      [place] = await geocodeLocation(deps, area);
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError)) throw error;
      deps.log?.warn({ err: error }, 'geocoding trucks’ areas paused: the geocoder is unavailable');
      break;
    }
    const lat = place ? Number(place.lat) : null;
    const lon = place ? Number(place.lon) : null;
    const valid = lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon);
    await deps.db
      .update(users)
      .set({ areaLat: valid ? lat : null, areaLon: valid ? lon : null, areaGeocodedFor: area })
      .where(and(eq(users.id, truck.id), eq(users.location, area)));
    if (valid) located++;
    else unknown++;
  }
  return { located, unknown };
}
