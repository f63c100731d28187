import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGES_PER_ACCOUNT, TOO_MANY_IMAGE_BYTES, TOO_MANY_IMAGES } from '../../src/core/images';
import type { Database } from '../../src/server/db/client';
import { images, imageVariants, menuItems, sessions, users } from '../../src/server/db/schema';
import {
  createBookableTruck,
  createEvent,
  createMenuItem,
  createTruck,
  createUser,
} from '../../src/server/seed/factories';
import { makePng, toDataUrl } from '../support/images';
import { Agent, createTestApp, dateAhead, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const IMAGE_URL = /^\/api\/images\/([0-9a-f]{64})$/;

async function signedIn(role: 'organizer' | 'foodtruck') {
  const user =
    role === 'foodtruck' ? await createTruck(database.db) : await createUser(database.db, { role });
  const agent = new Agent(app);
  await agent.login(user.username);
  return { user, agent };
}

/** A distinct small picture per n (its colour), so each is a picture of its own in the store. */
function picture(n: number, width = 16, height = 12): string {
  return toDataUrl(makePng(width, height, [n % 256, Math.floor(n / 256) % 256, 77]));
}

/** Random pixels don't compress: an 800×800 RGBA PNG of noise stays about 2.5 MB once re-encoded. */
async function noisePicture(): Promise<string> {
  const png = await sharp(randomBytes(800 * 800 * 4), { raw: { width: 800, height: 800, channels: 4 } })
    .png()
    .toBuffer();
  return toDataUrl(png);
}

async function storedCount(where: ReturnType<typeof eq>) {
  const [row] = await database.db.select({ n: count() }).from(images).where(where);
  return row!.n;
}

describe('pictures served from their own URL', () => {
  it('stores an upload once and serves it and its WebP copies with immutable caching', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const photo = makePng(800, 600, [200, 60, 20]);
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Pixel Tacos',
      profileImage: toDataUrl(photo),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().profileImage as string;
    expect(url).toMatch(IMAGE_URL);
    const hash = IMAGE_URL.exec(url)![1]!;

    const original = await app.inject({ url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers.etag).toBe(`"${hash}"`);
    expect(original.headers['set-cookie']).toBeUndefined();
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });

    for (const width of [320, 640]) {
      const variant = await app.inject({ url: `${url}-${width}.webp` });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(variant.headers.etag).toBe(`"${hash}-${width}"`);
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 600) / 800 });
      expect(variant.rawPayload.length).toBeLessThan(original.rawPayload.length);
    }
  });

  it('never upscales: a small picture keeps its own width in every copy', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Tiny',
      profileImage: toDataUrl(makePng(200, 100)),
    });
    const variant = await app.inject({ url: `${res.json().profileImage}-640.webp` });
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('answers 304 to a browser that has the picture, 404 for an unknown one, 400 for a malformed name', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Etag Eats',
      profileImage: picture(1),
    });
    const url = res.json().profileImage as string;
    const first = await app.inject({ url: `${url}-320.webp` });
    const again = await app.inject({
      url: `${url}-320.webp`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);

    const unknown = await app.inject({ url: `/api/images/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Image not found');
    expect(unknown.headers['cache-control'] ?? '').not.toContain('immutable');

    for (const name of ['nope', `${'A'.repeat(64)}`, `${'0'.repeat(63)}`, `${'0'.repeat(64)}.png`]) {
      const bad = await app.inject({ url: `/api/images/${name}` });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().message).toMatch(/Not an image address/);
    }
    const oddWidth = await app.inject({ url: `${url}-100.webp` });
    expect(oddWidth.statusCode).toBe(400);
    expect(oddWidth.json().message).toBe('Pictures come in widths 320 and 640 only');
  });

  it('reads no session and starts none', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Stateless',
      profileImage: picture(2),
    });
    const before = await database.db.select({ n: count() }).from(sessions);
    const stranger = new Agent(app);
    const image = await stranger.get(res.json().profileImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['set-cookie']).toBeUndefined();
    expect(await database.db.select({ n: count() }).from(sessions)).toEqual(before);
  });

  it('keeps one copy of a picture however many use it', async () => {
    const a = await signedIn('foodtruck');
    const b = await signedIn('foodtruck');
    const same = picture(3);
    const first = await a.agent.patch(`/api/users/${a.user.id}`, { businessName: 'A', profileImage: same });
    const second = await b.agent.patch(`/api/users/${b.user.id}`, { businessName: 'B', profileImage: same });
    const item = await a.agent.post('/api/menu-items', { name: 'Same', price: 3, image: same });
    expect(second.json().profileImage).toBe(first.json().profileImage);
    expect(item.json().image).toBe(first.json().profileImage);
    const hash = IMAGE_URL.exec(first.json().profileImage)![1]!;
    expect(await storedCount(eq(images.hash, hash))).toBe(1);
  });

  it('keeps the picture when a form sends its URL back, and forgets a replaced one', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const first = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Swap',
      profileImage: picture(4),
    });
    const url = first.json().profileImage as string;
    const kept = await agent.patch(`/api/users/${user.id}`, { businessName: 'Swap 2', profileImage: url });
    expect(kept.json().profileImage).toBe(url);

    // Someone else's picture can't be claimed by its URL: only an upload or the one already there.
    const other = await signedIn('foodtruck');
    const claimed = await other.agent.patch(`/api/users/${other.user.id}`, {
      businessName: 'Thief',
      profileImage: url,
    });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().errors.profileImage).toBe('The image must be an uploaded picture');

    const replaced = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Swap 3',
      profileImage: picture(5),
    });
    expect(replaced.json().profileImage).not.toBe(url);
    expect((await app.inject({ url })).statusCode).toBe(404);
    expect((await app.inject({ url: `${url}-320.webp` })).statusCode).toBe(404);

    const removed = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Swap 4',
      profileImage: null,
    });
    expect(removed.json().profileImage).toBeNull();
    expect(await storedCount(eq(images.ownerId, user.id))).toBe(0);
  });

  it('menu item pictures: added, kept on edit, replaced, gone with the item', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const created = await agent.post('/api/menu-items', { name: 'Elote', price: 4, image: picture(6) });
    expect(created.statusCode).toBe(201);
    const url = created.json().image as string;
    expect(url).toMatch(IMAGE_URL);
    const menu = await app.inject({ url: `/api/menu-items/${user.id}` });
    expect(menu.json()[0].image).toBe(url);
    expect(menu.body).not.toContain('base64');

    const renamed = await agent.patch(`/api/menu-items/${created.json().id}`, { name: 'Elote!', image: url });
    expect(renamed.json().image).toBe(url);
    const replaced = await agent.patch(`/api/menu-items/${created.json().id}`, { image: picture(7) });
    expect(replaced.json().image).not.toBe(url);
    expect((await app.inject({ url })).statusCode).toBe(404);

    await agent.delete(`/api/menu-items/${created.json().id}`);
    expect((await app.inject({ url: replaced.json().image })).statusCode).toBe(404);
  });

  it('an event answer carries the truck picture as a URL, not as bytes', async () => {
    const { user: truck, agent } = await signedIn('foodtruck');
    const organizer = await createUser(database.db, { role: 'organizer' });
    // A photo as the form sends it (JPEG at quality 0.6, 800 px): tens of kilobytes.
    const photo = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
      .resize(800, 600)
      .jpeg({ quality: 60 })
      .toBuffer();
    await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Big Photo',
      profileImage: toDataUrl(photo, 'image/jpeg'),
    });
    const event = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id });
    const res = await app.inject({ url: `/api/events/${event.id}` });
    expect(res.json().foodTruck.profileImage).toMatch(IMAGE_URL);
    expect(res.json().coverImageUrl).toBeNull();
    expect(photo.length).toBeGreaterThan(20_000);
    expect(res.body.length).toBeLessThan(2_500);
  });
});

describe('caps per account', () => {
  it(`refuses the ${MAX_IMAGES_PER_ACCOUNT + 1}th picture with 409, and takes it once one is removed`, async () => {
    const { user, agent } = await signedIn('foodtruck');
    const ids: number[] = [];
    for (let n = 0; n < MAX_IMAGES_PER_ACCOUNT; n++) {
      const res = await agent.post('/api/menu-items', {
        name: `Dish ${n}`,
        price: 5,
        image: picture(1000 + n),
      });
      expect(res.statusCode, `picture ${n}`).toBe(201);
      ids.push(res.json().id as number);
    }
    const refused = await agent.post('/api/menu-items', {
      name: 'One too many',
      price: 5,
      image: picture(2000),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TOO_MANY_IMAGES);
    expect(refused.json().errors.image).toBe(TOO_MANY_IMAGES);
    // Refused whole: no item without its picture, no picture without its item.
    const names = await database.db
      .select({ name: menuItems.name })
      .from(menuItems)
      .where(eq(menuItems.foodTruckId, user.id));
    expect(names.map((n) => n.name)).not.toContain('One too many');
    expect(await storedCount(eq(images.ownerId, user.id))).toBe(MAX_IMAGES_PER_ACCOUNT);
    // The cap is counted before the picture is decoded (issue 23): a full account's upload costs no CPU,
    // so a picture that could not even be read is refused for the cap, not for its bytes...
    const headerOnly = toDataUrl(makePng(10, 10).subarray(0, 33));
    const undecodable = await agent.post('/api/menu-items', { name: 'Broken', price: 5, image: headerOnly });
    expect(undecodable.statusCode).toBe(409);
    expect(undecodable.json().message).toBe(TOO_MANY_IMAGES);
    // ...and so is a copy of a picture it already has (its stored hash is known only once re-encoded).
    const reused = await agent.post('/api/menu-items', { name: 'Again', price: 5, image: picture(1000) });
    expect(reused.statusCode).toBe(409);
    // A profile save without a new picture still works at the cap.
    const profile = await agent.patch(`/api/users/${user.id}`, { businessName: 'Full' });
    expect(profile.statusCode).toBe(200);

    await agent.patch(`/api/menu-items/${ids[5]}`, { image: null });
    const now = await agent.post('/api/menu-items', { name: 'Room again', price: 5, image: picture(2000) });
    expect(now.statusCode).toBe(201);
  });

  it('two uploads racing for the last place: exactly one gets it', async () => {
    const truck = await createTruck(database.db);
    const agent = new Agent(app);
    await agent.login(truck.username);
    for (let n = 0; n < MAX_IMAGES_PER_ACCOUNT - 1; n++) {
      const res = await agent.post('/api/menu-items', { name: `R${n}`, price: 5, image: picture(3000 + n) });
      expect(res.statusCode).toBe(201);
    }
    const [a, b] = await Promise.all([
      agent.post('/api/menu-items', { name: 'Racer A', price: 5, image: picture(4000) }),
      agent.clone().post('/api/menu-items', { name: 'Racer B', price: 5, image: picture(4001) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await storedCount(eq(images.ownerId, truck.id))).toBe(MAX_IMAGES_PER_ACCOUNT);
  });

  it('refuses pictures past 25 MB in total with 409', async () => {
    const { user, agent } = await signedIn('foodtruck');
    // Ten pictures counted at 2.4 MB each already on its menu, written directly (their bytes are a
    // stand-in: the caps count byte_size, and writing 24 MB would only slow the test down).
    for (let n = 0; n < 10; n++) {
      const hash = randomBytes(32).toString('hex');
      await database.db.insert(images).values({
        hash,
        contentType: 'image/png',
        width: 800,
        height: 800,
        byteSize: 2_400_000,
        bytes: Buffer.from([n]),
        ownerId: user.id,
      });
      await createMenuItem(database.db, { foodTruckId: user.id, imageHash: hash });
    }
    const refused = await agent.post('/api/menu-items', {
      name: 'Noise',
      price: 5,
      image: await noisePicture(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TOO_MANY_IMAGE_BYTES);
    expect(await storedCount(eq(images.ownerId, user.id))).toBe(10);
    // A small one still fits.
    const small = await agent.post('/api/menu-items', { name: 'Small', price: 5, image: picture(6000) });
    expect(small.statusCode).toBe(201);
  });
});

describe('the event cover picture', () => {
  const request = (foodTruckId: number, extra: Record<string, unknown> = {}) => ({
    title: 'Cover story',
    date: dateAhead(app, 60),
    startTime: '17:00',
    endTime: '20:00',
    timeZone: 'UTC',
    location: 'Main St',
    expectedDiners: 40,
    minimumSales: '500.00',
    foodTruckId,
    ...extra,
  });
  const putCover = (agent: Agent, eventId: number, coverImage: string | null) =>
    agent.request({ method: 'PUT', url: `/api/events/${eventId}/cover-image`, payload: { coverImage } });

  it('is set on create, shown on every event answer, changed and removed by the organizer only', async () => {
    const truck = await createBookableTruck(database.db, { minimumSales: 10_000 });
    const { agent } = await signedIn('organizer');
    const created = await agent.post(
      '/api/events',
      request(truck.id, { coverImage: picture(5000, 640, 360) }),
    );
    expect(created.statusCode).toBe(201);
    const url = created.json().coverImageUrl as string;
    expect(url).toMatch(IMAGE_URL);
    const detail = await agent.get(`/api/events/${created.json().id}`);
    expect(detail.json().coverImageUrl).toBe(url);
    expect((await app.inject({ url: `${url}-640.webp` })).statusCode).toBe(200);

    const kept = await putCover(agent, created.json().id, url);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().coverImageUrl).toBe(url);

    const other = await signedIn('organizer');
    const stolen = await putCover(other.agent, created.json().id, picture(5001));
    expect(stolen.statusCode).toBe(403);
    const truckAgent = new Agent(app);
    await truckAgent.login(truck.username);
    expect((await putCover(truckAgent, created.json().id, null)).statusCode).toBe(403);

    const changed = await putCover(agent, created.json().id, picture(5002));
    expect(changed.json().coverImageUrl).toMatch(IMAGE_URL);
    expect(changed.json().coverImageUrl).not.toBe(url);
    expect((await app.inject({ url })).statusCode).toBe(404);

    const removed = await putCover(agent, created.json().id, null);
    expect(removed.json().coverImageUrl).toBeNull();
    expect((await agent.get(`/api/events/${created.json().id}`)).json().coverImageUrl).toBeNull();
  });

  it('refuses what is not a picture, with the field named', async () => {
    const truck = await createBookableTruck(database.db, { minimumSales: 10_000 });
    const { agent } = await signedIn('organizer');
    const res = await agent.post(
      '/api/events',
      request(truck.id, { coverImage: toDataUrl(Buffer.from('<svg onload=alert(1)>'), 'image/png') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.coverImage).toBe('The image must be a JPEG, PNG or WebP picture');
    const missing = await putCover(agent, 999_999, null);
    expect(missing.statusCode).toBe(404);
  });
});

describe('pictures kept as data URLs before the image store', () => {
  it('are moved into the store at start and answered as URLs', async () => {
    const old = await openTestDatabase();
    try {
      const photo = makePng(120, 90, [10, 120, 200]);
      const truck = await createTruck(old.db, { legacyProfileImage: toDataUrl(photo) });
      const dish = await createMenuItem(old.db, {
        foodTruckId: truck.id,
        legacyImageUrl: toDataUrl(makePng(30, 30, [1, 2, 3])),
      });
      const broken = await createMenuItem(old.db, {
        foodTruckId: truck.id,
        legacyImageUrl: 'data:image/png;base64,bm90IGEgcGljdHVyZQ==',
      });
      const started = await createTestApp(old);
      try {
        const profile = await started.inject({ url: `/api/users/${truck.id}` });
        const url = profile.json().profileImage as string;
        expect(url).toMatch(IMAGE_URL);
        const served = await started.inject({ url });
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
        expect((await started.inject({ url: `${url}-320.webp` })).statusCode).toBe(200);

        const menu = (await started.inject({ url: `/api/menu-items/${truck.id}` })).json() as Array<{
          id: number;
          image: string | null;
        }>;
        expect(menu.find((i) => i.id === dish.id)?.image).toMatch(IMAGE_URL);
        // Unreadable before, dropped now: no page could show it.
        expect(menu.find((i) => i.id === broken.id)?.image).toBeNull();

        const [row] = await old.db.select().from(users).where(eq(users.id, truck.id));
        expect(row!.legacyProfileImage).toBeNull();
        const leftovers = await old.db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(eq(menuItems.foodTruckId, truck.id));
        expect(leftovers).toHaveLength(2);
        const [variants] = await old.db.select({ n: count() }).from(imageVariants);
        expect(variants!.n).toBe(4);
      } finally {
        await started.close();
      }
      // A second start finds nothing left to move.
      const again = await createTestApp(old);
      await again.close();
      const [stored] = await old.db.select({ n: count() }).from(images);
      expect(stored!.n).toBe(2);
    } finally {
      await old.close();
    }
  });
});
