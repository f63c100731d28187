import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { menuItems, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { saveImage } from './image-store';
import { prepareImageDataUrl, type PreparedImage } from './prepare-image';

/**
 * Moves pictures kept as data URLs (before the image store) into the store: each is checked and
 * re-encoded like an upload, stored by its hash with its WebP copies, referenced, and its data URL
 * emptied. Runs at start on every instance and is a no-op once done; two instances at once store
 * the same rows twice at worst (the store keeps one). A picture that can't be read is dropped with
 * a warning: no page could show it either. Caps don't apply: nobody's pictures are taken away.
 * See docs/decisions/085-images-migrated-at-start.md.
 */
export async function migrateLegacyImages(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<{ moved: number; dropped: number }> {
  let moved = 0;
  let dropped = 0;
  const prepare = async (dataUrl: string, what: string): Promise<PreparedImage | null> => {
    try {
      return await prepareImageDataUrl(dataUrl, 'image');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn({ reason: error.message }, `Dropped the unreadable picture of ${what}`);
      dropped++;
      return null;
    }
  };

  // Ids first, then one picture at a time: old rows may hold megabytes each.
  const profiles = await db.select({ id: users.id }).from(users).where(isNotNull(users.legacyProfileImage));
  for (const { id } of profiles) {
    const [row] = await db
      .select({ id: users.id, dataUrl: users.legacyProfileImage })
      .from(users)
      .where(and(eq(users.id, id), isNotNull(users.legacyProfileImage)));
    if (!row) continue;
    const image = await prepare(row.dataUrl!, `user ${row.id}`);
    await db.transaction(async (tx) => {
      const hash = image ? await saveImage(tx, row.id, image) : null;
      await tx
        .update(users)
        .set({ legacyProfileImage: null, ...(hash ? { profileImageHash: hash } : {}) })
        .where(and(eq(users.id, row.id), eq(users.legacyProfileImage, row.dataUrl!)));
    });
    if (image) moved++;
  }

  const items = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(isNotNull(menuItems.legacyImageUrl));
  for (const { id } of items) {
    const [row] = await db
      .select({ id: menuItems.id, truckId: menuItems.foodTruckId, dataUrl: menuItems.legacyImageUrl })
      .from(menuItems)
      .where(and(eq(menuItems.id, id), isNotNull(menuItems.legacyImageUrl)));
    if (!row) continue;
    const image = await prepare(row.dataUrl!, `menu item ${row.id}`);
    await db.transaction(async (tx) => {
      const hash = image ? await saveImage(tx, row.truckId, image) : null;
      await tx
        .update(menuItems)
        .set({ legacyImageUrl: null, ...(hash ? { imageHash: hash } : {}) })
        .where(and(eq(menuItems.id, row.id), eq(menuItems.legacyImageUrl, row.dataUrl!)));
    });
    if (image) moved++;
  }
  if (moved + dropped > 0) log.info({ moved, dropped }, 'Moved pictures into the image store');
  return { moved, dropped };
}
