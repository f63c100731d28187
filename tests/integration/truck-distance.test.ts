import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { TRUCK_AREAS_PER_RUN } from '../../src/server/geo/geocode-truck-areas';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { GeocoderStub, type StubPlace } from '../support/geocoder-stub';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * "Near a place" in the truck directory (docs/decisions/197-truck-distance.md): trucks' areas get
 * coordinates from the geocoder (on a profile save and by a sweep, a few at a time), and the directory
 * keeps the trucks within a radius of a geocoded place, nearest first, paged by distance and id.
 */
let database: Database;
let app: FastifyInstance;
let stub: GeocoderStub;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

// A meridian far from every other test's trucks: one degree of latitude is 111,195.08 m on the
// mean sphere, so a truck `m` metres north of the centre is `m / 111195.08` degrees up.
const CENTRE = { lat: 48, lon: 11.5 };
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const north = (metres: number, name: string): StubPlace => ({
  lat: String(CENTRE.lat + metres / METRES_PER_DEGREE),
  lon: String(CENTRE.lon),
  display_name: name,
});

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'centre town': {
      lat: String(CENTRE.lat),
      lon: String(CENTRE.lon),
      display_name: 'Centre Town, Testland',
    },
    'north 3 km': north(3_000, 'North 3 km, Testland'),
    'north 8 km': north(8_000, 'North 8 km, Testland'),
    'edge in': north(10_000, 'Edge In, Testland'),
    'edge out': north(10_010, 'Edge Out, Testland'),
    'far away': north(60_000, 'Far Away, Testland'),
  });
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now, geocoderUrl: stub.url });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await stub.close();
});

const tag = `dist${Date.now()}`;
let serial = 0;
async function listedTruck(location: string | null) {
  const truck = await createTruck(database.db, {
    businessName: `${tag} ${++serial}`,
    cuisine: tag,
    location,
  });
  await createMenuItem(database.db, { foodTruckId: truck.id });
  return truck;
}

interface Page {
  trucks: Array<{ id: number; distanceMeters: number | null; location: string | null }>;
  nextCursor: string | null;
  near: { displayName: string; withinKm: number } | null;
}
const directory = (query: string) => app.inject({ url: `/api/trucks?cuisine=${tag}&${query}` });
const page = async (query: string): Promise<Page> => {
  const res = await directory(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Runs the reconciler until no truck is left to look up (each run looks up a few). */
async function sweepUntilDone(maxRuns = 5) {
  for (let i = 0; i < maxRuns; i++) await app.ctx.reconciler.runOnce();
}

const trucks: Record<string, { id: number; username: string }> = {};
/** The trucks within 100 km of the centre, nearest first (then by id). */
const within100km = () =>
  ['centre', 'north3', 'north3b', 'north8', 'edgeIn', 'edgeOut', 'far'].map((key) => trucks[key]!.id);

describe('trucks’ areas on the map', () => {
  it('looks areas up a few trucks a run, each place once, and leaves an unknown area without coordinates', async () => {
    trucks.centre = await listedTruck('Centre Town');
    trucks.north3 = await listedTruck('North 3 km');
    trucks.north8 = await listedTruck('north 8 KM');
    trucks.edgeIn = await listedTruck('Edge In');
    trucks.edgeOut = await listedTruck('Edge Out');
    trucks.far = await listedTruck('Far Away');
    trucks.unknown = await listedTruck('Atlantis');
    trucks.north3b = await listedTruck('North 3 km');
    trucks.noArea = await listedTruck(null);

    const before = stub.requests.length;
    await app.ctx.reconciler.runOnce();
    // A run looks up a few trucks, not all of them at once.
    expect(stub.requests.length - before).toBeLessThanOrEqual(TRUCK_AREAS_PER_RUN);
    await sweepUntilDone();
    // Every distinct area asked for once (the cache answers the second truck in "North 3 km").
    expect(stub.lookupsOf('North 3 km')).toBe(1);
    expect(stub.lookupsOf('Atlantis')).toBe(1);
    // Nothing left: another run asks nothing.
    const settled = stub.requests.length;
    await app.ctx.reconciler.runOnce();
    expect(stub.requests.length).toBe(settled);
  });
});

describe('the directory near a place', () => {
  it('keeps the trucks within the radius, edges included, nearest first, with their distance', async () => {
    const near = await page('near=Centre%20Town&within=10');
    expect(near.near).toMatchObject({ displayName: 'Centre Town, Testland', withinKm: 10 });
    expect(near.trucks.map((t) => [t.id, t.distanceMeters])).toEqual([
      [trucks.centre!.id, 0],
      [trucks.north3!.id, 3_000],
      [trucks.north3b!.id, 3_000],
      [trucks.north8!.id, 8_000],
      [trucks.edgeIn!.id, 10_000],
    ]);
    // 10 m past the edge is out; a wider radius takes it and the far truck in.
    const wider = await page('near=centre%20town&within=100');
    expect(wider.trucks.map((t) => t.id)).toEqual(within100km());
    // Without `near`, every truck is listed, by name, with no distance: the unknown area and no area too.
    const all = await page('limit=50');
    expect(all.trucks).toHaveLength(9);
    expect(all.trucks.every((t) => t.distanceMeters === null)).toBe(true);
    expect(all.near).toBeNull();
    // The default radius is 25 km.
    expect((await page('near=Centre%20Town')).near?.withinKm).toBe(25);
  });

  it('pages nearest first by cursor, every truck once, and refuses a cursor of the other order', async () => {
    const seen: number[] = [];
    const distances: number[] = [];
    let cursor: string | null = null;
    do {
      const p: Page = await page(`near=Centre%20Town&within=100&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.trucks.map((t) => t.id));
      distances.push(...p.trucks.map((t) => t.distanceMeters!));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual(within100km());
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const byName = await page('limit=2');
    const mixed = await directory(`near=Centre%20Town&cursor=${byName.nextCursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/page link is not valid/);
  });

  it('refuses an unknown place, a radius without a place and a radius out of range, with the reason', async () => {
    const unknown = await directory('near=Nowhere%20Special');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'We couldn’t find “Nowhere Special” on the map. Try a town and state, like “Austin, TX”.',
    );
    expect(unknown.json().errors.near).toBe('No place by that name');

    const alone = await directory('within=10');
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors.near).toBe('Enter a place');
    for (const within of ['0', '251', '2.5', 'far']) {
      expect((await directory(`near=Centre%20Town&within=${within}`)).statusCode).toBe(400);
    }
  });

  it('says so when the geocoder is down, and the rest of the directory still answers', async () => {
    stub.addPlace('Elsewhere', north(1_000, 'Elsewhere, Testland'));
    stub.failNext(1);
    const down = await directory('near=Elsewhere');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'Searching by distance is unavailable right now. Try again in a minute, or search by area.',
    );
    expect(down.headers['retry-after']).toBe('60');
    expect((await page('limit=50')).trucks).toHaveLength(9);
    // A place already looked up is answered from the cache.
    stub.failNext(1);
    expect((await page('near=Centre%20Town&within=10')).trucks).toHaveLength(5);
    // The geocoder is back: the next request (the pending failure used up by this one) works again.
    await directory('near=Elsewhere');
    expect((await page('near=Elsewhere&within=5')).trucks.map((t) => t.id)).toEqual([
      trucks.centre!.id,
      trucks.north3!.id,
      trucks.north3b!.id,
    ]);
  });

  it('moves a truck when it saves a new area, out of distance searches until the area is found', async () => {
    const agent = new Agent(app);
    await agent.login(trucks.far!.username);
    const saved = await agent.patch(`/api/users/${trucks.far!.id}`, {
      businessName: `${tag} far`,
      minimumSales: 500,
      cuisine: tag,
      location: 'North 8 km',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Its old place no longer counts…
    expect((await page('limit=50')).trucks.map((t) => t.id)).toContain(trucks.far!.id);
    expect((await page('near=Centre%20Town&within=100')).trucks.map((t) => t.id)).not.toContain(
      trucks.far!.id,
    );
    // …and once the sweep has run, it is at its new one.
    await app.ctx.reconciler.runOnce();
    const near = await page('near=Centre%20Town&within=10');
    expect(near.trucks.find((t) => t.id === trucks.far!.id)?.distanceMeters).toBe(8_000);

    // A save that keeps the area keeps the coordinates.
    await agent.patch(`/api/users/${trucks.far!.id}`, {
      businessName: `${tag} far, renamed`,
      minimumSales: 500,
      cuisine: tag,
      location: 'North 8 km',
    });
    expect((await page('near=Centre%20Town&within=10')).trucks.map((t) => t.id)).toContain(trucks.far!.id);
  });
});
