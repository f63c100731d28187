import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMeters, formatDistance } from './distance';

const AUSTIN = { lat: 30.2711286, lon: -97.7436995 };
const ROUND_ROCK = { lat: 30.508235, lon: -97.678893 };

describe('distance between two places', () => {
  it('is the great-circle distance in whole metres', () => {
    // One degree of latitude on the mean sphere: 111,195 m.
    expect(distanceMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBe(111_195);
    expect(distanceMeters(AUSTIN, AUSTIN)).toBe(0);
    const d = distanceMeters(AUSTIN, ROUND_ROCK);
    expect(d).toBeGreaterThan(26_000);
    expect(d).toBeLessThan(28_000);
    expect(distanceMeters(ROUND_ROCK, AUSTIN)).toBe(d);
  });

  it('has a bounding box holding every point of the circle', () => {
    for (const center of [AUSTIN, { lat: 64.1, lon: -21.9 }, { lat: -33.9, lon: 151.2 }]) {
      const box = boundingBox(center, 50_000);
      for (let bearing = 0; bearing < 360; bearing += 5) {
        // A point 49.9 km away in each direction, by small steps.
        const b = (bearing * Math.PI) / 180;
        const dLat = ((49_900 / 6_371_008.8) * Math.cos(b) * 180) / Math.PI;
        const lat = center.lat + dLat;
        const dLon = ((49_900 / 6_371_008.8) * Math.sin(b) * 180) / Math.PI / Math.cos((lat * Math.PI) / 180);
        const point = { lat, lon: center.lon + dLon };
        if (distanceMeters(center, point) > 50_000) continue;
        expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
        expect(point.lat).toBeLessThanOrEqual(box.maxLat);
        expect(point.lon).toBeGreaterThanOrEqual(box.lon!.min);
        expect(point.lon).toBeLessThanOrEqual(box.lon!.max);
      }
    }
  });

  it('lets every longitude in near a pole or across the antimeridian', () => {
    expect(boundingBox({ lat: 89.9, lon: 0 }, 50_000).lon).toBeNull();
    expect(boundingBox({ lat: 0, lon: 179.9 }, 50_000).lon).toBeNull();
  });

  it('reads as a person says it', () => {
    expect(formatDistance(0)).toBe('Under 100 m away');
    expect(formatDistance(99)).toBe('Under 100 m away');
    expect(formatDistance(843)).toBe('840 m away');
    expect(formatDistance(4_240)).toBe('4.2 km away');
    expect(formatDistance(37_400)).toBe('37 km away');
  });
});
