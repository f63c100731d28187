import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GeocoderUnavailableError,
  NominatimGeocoder,
  type Geocoder,
} from '../../src/server/adapters/geocoder/geocoder';
import type { Database } from '../../src/server/db/client';
import { GeocoderStub } from '../support/geocoder-stub';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let stub: GeocoderStub;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

const AUSTIN = {
  lat: '30.2711286',
  lon: '-97.7436995',
  display_name: 'Austin, Travis County, Texas, United States',
};
const PORTLAND = {
  lat: '45.5202471',
  lon: '-122.674194',
  display_name: 'Portland, Multnomah County, Oregon, United States',
};
const DENVER = { lat: '39.7392364', lon: '-104.984862', display_name: 'Denver, Colorado, United States' };
const BOSTON = { lat: '42.3554334', lon: '-71.060511', display_name: 'Boston, Massachusetts, United States' };

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'austin, tx': AUSTIN,
    'portland, or': PORTLAND,
    denver: DENVER,
    boston: BOSTON,
    chicago: { lat: '41.8755616', lon: '-87.6244212', display_name: 'Chicago, Illinois, United States' },
    seattle: { lat: '47.6038321', lon: '-122.330062', display_name: 'Seattle, Washington, United States' },
  });
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    geocoderUrl: stub.url,
    geocoderMinIntervalMs: 1100,
    publicUrl: 'https://trucks.example.org',
    mail: { smtpUrl: undefined, from: 'Food Truck Fund <ops@trucks.example.org>', dir: '/nonexistent' },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await stub.close();
});

const geocode = (location?: string) =>
  new Agent(app).get(
    location === undefined ? '/api/geocode' : `/api/geocode?location=${encodeURIComponent(location)}`,
  );

describe('the geocoder the app builds', () => {
  it('answers as Nominatim does, asking upstream with a real User-Agent', async () => {
    const res = await geocode('Austin, TX');
    expect(res.statusCode).toBe(200);
    const places = res.json();
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject(AUSTIN);
    expect(typeof places[0].lat).toBe('string');
    expect(typeof places[0].lon).toBe('string');

    const request = stub.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(request.query).toEqual({ format: 'json', limit: '1', q: 'Austin, TX' });
    expect(request.headers['user-agent']).toBe(
      'FoodTruckFund/0.1 (+https://trucks.example.org; ops@trucks.example.org)',
    );
    expect(request.headers.referer).toBe('https://trucks.example.org');
  });

  it('spaces upstream requests at least a second apart, and asks once for simultaneous identical lookups', async () => {
    const before = stub.requests.length;
    const answers = await Promise.all([
      geocode('Seattle'),
      geocode('seattle'),
      geocode('Cape Town'),
      geocode('Lisbon'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[1]!.json()[0].lat).toBe('47.6038321');
    const upstream = stub.requests.slice(before);
    // Seattle asked once; the order of the others depends on which cache lookup answers first.
    expect(upstream.map((r) => r.query.q).sort()).toEqual(['Cape Town', 'Lisbon', 'Seattle']);
    for (let i = 1; i < upstream.length; i++)
      expect(upstream[i]!.at - upstream[i - 1]!.at).toBeGreaterThanOrEqual(1000);
  });
});

describe('GET /api/geocode, the cache and failures', () => {
  // These tests are about answers and the cache: the same geocoder, without the 1 s spacing.
  let spaced: Geocoder;
  beforeAll(() => {
    spaced = app.ctx.geocoder;
    app.ctx.geocoder = new NominatimGeocoder({
      baseUrl: stub.url,
      userAgent: 'FoodTruckFund/0.1 (test)',
      minIntervalMs: 0,
    });
  });
  afterAll(() => {
    app.ctx.geocoder = spaced;
  });

  it('answers the same location again from the database cache, whatever its case and spacing', async () => {
    await geocode('Portland, OR');
    const asked = stub.requests.length;
    const again = await geocode('  portland,   or ');
    expect(again.statusCode).toBe(200);
    expect(again.json()[0]).toMatchObject(PORTLAND);
    expect(stub.requests.length).toBe(asked);
  });

  it('caches "not found" too, as an empty list', async () => {
    const first = await geocode('Atlantis');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([]);
    const asked = stub.requests.length;
    expect((await geocode('atlantis')).json()).toEqual([]);
    expect(stub.requests.length).toBe(asked);
    // A day later a not-found answer is asked again (a place may have been added).
    clock.advance(DAY + 1000);
    await geocode('Atlantis');
    expect(stub.requests.length).toBe(asked + 1);
  });

  it('refreshes a found place after 30 days', async () => {
    await geocode('Boston');
    const asked = stub.requests.length;
    clock.advance(29 * DAY);
    await geocode('Boston');
    expect(stub.requests.length).toBe(asked);
    clock.advance(DAY + 1000);
    await geocode('Boston');
    expect(stub.requests.length).toBe(asked + 1);
  });

  it('requires a location', async () => {
    for (const res of [await geocode(), await geocode(''), await geocode('   ')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Location is required');
    }
    const long = await geocode('x'.repeat(301));
    expect(long.statusCode).toBe(400);
  });

  it('answers 502 "Failed to fetch coordinates" when upstream fails or answers nonsense, caching nothing', async () => {
    stub.failNext(1, 'error');
    const down = await geocode('Chicago');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ code: 'upstream_failed', message: 'Failed to fetch coordinates' });
    stub.failNext(1, 'garbage');
    const garbage = await geocode('Chicago');
    expect(garbage.statusCode).toBe(502);
    const asked = stub.requests.length;
    const ok = await geocode('Chicago');
    expect(ok.statusCode).toBe(200);
    expect(stub.requests.length).toBe(asked + 1);
  });

  it('serves a stale cached answer when upstream is down', async () => {
    await geocode('Denver');
    clock.advance(31 * DAY);
    stub.failNext(1, 'error');
    const res = await geocode('Denver');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject(DENVER);
  });
});

describe('NominatimGeocoder', () => {
  it('gives up on an upstream that does not answer', async () => {
    const geocoder = new NominatimGeocoder({
      baseUrl: stub.url,
      userAgent: 'test',
      timeoutMs: 200,
      minIntervalMs: 0,
    });
    stub.failNext(1, 'hang');
    await expect(geocoder.search('Austin, TX')).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it('refuses a lookup that would queue too long behind others, rather than piling them up', async () => {
    const geocoder = new NominatimGeocoder({
      baseUrl: stub.url,
      userAgent: 'test',
      minIntervalMs: 1000,
      maxWaitMs: 1500,
    });
    const results = await Promise.allSettled([
      geocoder.search('a'),
      geocoder.search('b'),
      geocoder.search('c'),
      geocoder.search('d'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ busy: true });
  });
});
