/**
 * Pictures out of JSON (issue 9, goal 2): how many bytes an event answer and a menu answer weigh with
 * pictures, against the same answers without any, and what a card downloads against the full picture.
 * Sizes, not timings: they don't depend on the machine. `npx tsx scripts/bench/images.ts`, or
 * `printFigures('Images', await imageFigures())` from `npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { type Figure, printFigures } from './figure';

/** A photo-like JPEG of 50–60 KB as the form sends it (800×600): smooth noise, like foliage. */
async function photo(seed: number): Promise<string> {
  const base = await sharp(
    randomBytes(200 * 150 * 3).map((b) => (b + seed) % 256),
    {
      raw: { width: 200, height: 150, channels: 3 },
    },
  )
    .resize(800, 600)
    .blur(1.2)
    .raw()
    .toBuffer();
  let jpeg: Buffer = Buffer.alloc(0);
  for (let quality = 95; quality > 10; quality -= 5) {
    jpeg = await sharp(base, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= 60_000) break;
  }
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

export async function imageFigures(): Promise<Figure[]> {
  const database = await openDatabase({ dataDir: null });
  const app = await buildApp(
    loadConfig({
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'silent',
      RECONCILER_INTERVAL_MS: '0',
      DATA_DIR: '/tmp/foodtruck-bench-images',
    }),
    { database, serveClient: false },
  );
  try {
    const db = database.db;
    const organizer = await createUser(db, { role: 'organizer' });
    const plain = await createTruck(db);
    const pictured = await createTruck(db);
    const login = async (username: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'password123' },
      });
      return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    };
    const cookie = await login(pictured.username);
    const send = (method: 'PATCH' | 'POST', url: string, payload: unknown) =>
      app.inject({
        method,
        url,
        payload: payload as object,
        headers: { cookie, origin: 'http://localhost:80' },
      });

    const upload = await photo(1);
    const profile = await send('PATCH', `/api/users/${pictured.id}`, {
      businessName: plain.businessName,
      profileImage: upload,
    });
    const url = (profile.json() as { profileImage: string }).profileImage;
    const stored = (await app.inject({ url })).rawPayload;
    const card = (await app.inject({ url: `${url}-320.webp` })).rawPayload;

    const withPhoto = await createEvent(db, { organizerId: organizer.id, foodTruckId: pictured.id });
    const withoutPhoto = await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: plain.id,
      title: withPhoto.title,
    });
    const eventWith = (await app.inject({ url: `/api/events/${withPhoto.id}` })).body;
    const eventWithout = (await app.inject({ url: `/api/events/${withoutPhoto.id}` })).body;
    const asDataUrl = eventWith.replace(url, `data:image/jpeg;base64,${stored.toString('base64')}`);

    const plainCookie = await login(plain.username);
    for (let n = 0; n < 10; n++) {
      const item = { name: `Dish ${n}`, price: 5, category: 'Entree', description: 'House special' };
      await send('POST', '/api/menu-items', { ...item, image: await photo(n + 2) });
      await app.inject({
        method: 'POST',
        url: '/api/menu-items',
        payload: item,
        headers: { cookie: plainCookie, origin: 'http://localhost:80' },
      });
    }
    const menuWith = (await app.inject({ url: `/api/menu-items/${pictured.id}` })).body;
    const menuWithout = (await app.inject({ url: `/api/menu-items/${plain.id}` })).body;

    const bytes = (s: string) => Buffer.byteLength(s);
    return [
      {
        name: 'GET /api/events/{id}, truck with a photo',
        value: bytes(eventWith),
        unit: 'B',
        ratio: bytes(eventWith) / bytes(eventWithout),
        reference: `the same answer without a photo ${bytes(eventWithout)} B`,
        goal: '≤ 1.1 of it',
        met: bytes(eventWith) <= 1.1 * bytes(eventWithout),
        detail: `with the photo inline as before: ${bytes(asDataUrl)} B (upload ${Math.round((upload.length * 3) / 4)} B)`,
      },
      {
        name: 'GET /api/menu-items/{truck}, 10 pictured items',
        value: bytes(menuWith),
        unit: 'B',
        ratio: bytes(menuWith) / bytes(menuWithout),
        reference: `the same menu without pictures ${bytes(menuWithout)} B`,
        goal: '≤ 100 B more per picture (its URL)',
        met: (bytes(menuWith) - bytes(menuWithout)) / 10 <= 100,
        detail: `${(bytes(menuWith) - bytes(menuWithout)) / 10} B per picture`,
      },
      {
        name: 'a card picture (320 px WebP copy)',
        value: card.length,
        unit: 'B',
        ratio: card.length / stored.length,
        reference: `the full picture ${stored.length} B`,
        goal: '≤ 0.5 of it',
        met: card.length <= 0.5 * stored.length,
        detail: `uploaded ${Math.round((upload.length * 3) / 4)} B`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printFigures('Images (issue 9, goal 2)', await imageFigures());
}
