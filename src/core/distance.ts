/**
 * Distances for the truck directory's "near a place" filter (docs/decisions/197-truck-distance.md):
 * great-circle distance on a sphere of the Earth's mean radius (Haversine), in whole metres, and the
 * bounding box a radius fits in, which lets an index narrow the search before the exact distance.
 */

/** The Earth's mean radius (IUGG), in metres. The SQL filter uses the same figure. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** The radii the directory offers, in kilometres; the API takes any whole number from 1 to the last. */
export const WITHIN_KM_CHOICES = [5, 10, 25, 50, 100, 250] as const;
export const MAX_WITHIN_KM = 250;
/** The radius when a place is given without one. */
export const DEFAULT_WITHIN_KM = 25;

export interface LatLon {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in whole metres (rounded to the nearest). */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h))));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Null when the box reaches a pole or crosses the antimeridian: then every longitude is in. */
  lon: { min: number; max: number } | null;
}

/**
 * A box, in degrees, holding every point within `meters` of `center` (a little more: it is a prefilter,
 * the exact distance decides).
 */
export function boundingBox(center: LatLon, meters: number): BoundingBox {
  const dLat = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI) + 1e-6;
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (minLat <= -90 || maxLat >= 90)
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lon: null };
  // The widest a circle gets in longitude is at the latitude nearest a pole.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = dLat / Math.cos(radians(widest));
  const min = center.lon - dLon;
  const max = center.lon + dLon;
  if (min < -180 || max > 180) return { minLat, maxLat, lon: null };
  return { minLat, maxLat, lon: { min, max } };
}

/**
 * "Under 100 m away", "800 m away", "4.2 km away", "37 km away". Areas are geocoded to a point (a town's
 * is its centre), so a few metres mean "the same place", not a measured walk.
 */
export function formatDistance(meters: number): string {
  if (meters < 100) return 'Under 100 m away';
  if (meters < 1000) return `${Math.max(0, Math.round(meters / 10) * 10)} m away`;
  const km = meters / 1000;
  return km < 10 ? `${km.toFixed(1)} km away` : `${Math.round(km)} km away`;
}
