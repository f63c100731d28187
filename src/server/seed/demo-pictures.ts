import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { saveImage } from '../images/image-store';
import { loadSharp, prepareImageDataUrl } from '../images/prepare-image';

/** A gradient picture drawn here (the demo works offline), stored like an upload of its owner's. */
async function storeGradient(db: Db, ownerId: number, from: string, to: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="800" height="500" fill="url(#g)"/>
  </svg>`;
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const image = await prepareImageDataUrl(`data:image/jpeg;base64,${jpeg.toString('base64')}`, 'image');
  return db.transaction((tx) => saveImage(tx, ownerId, image));
}

/** Pictures for the demo: each truck's photo and a cover for one event. */
export async function addDemoPictures(
  db: Db,
  trucks: Array<{ id: number; colours: [string, string] }>,
  cover: { eventId: number; organizerId: number; colours: [string, string] },
): Promise<void> {
  for (const truck of trucks) {
    const hash = await storeGradient(db, truck.id, ...truck.colours);
    await db.update(users).set({ profileImageHash: hash }).where(eq(users.id, truck.id));
  }
  const hash = await storeGradient(db, cover.organizerId, ...cover.colours);
  await db.update(events).set({ coverImageHash: hash }).where(eq(events.id, cover.eventId));
}
