import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
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
  /**
   * One picture: checked and stored under its owner, then `replace` empties the row's data URL and
   * references the stored hash (null when the picture was dropped), in one transaction.
   */
  const move = async (
    picture: { dataUrl: string; ownerId: number; what: string },
    replace: (tx: Tx, hash: string | null) => Promise<unknown>,
  ): Promise<void> => {
    const image = await prepare(picture.dataUrl, picture.what);
    await db.transaction(async (tx) =>
      replace(tx, image ? await saveImage(tx, picture.ownerId, image) : null),
    );
    if (image) moved++;
  };

  // Ids first, then one picture at a time: old rows may hold megabytes each.
  const profiles = await db.select({ id: users.id }).from(users).where(isNotNull(users.legacyProfileImage));
  for (const { id } of profiles) {
    const [row] = await db
      .select({ id: users.id, dataUrl: users.legacyProfileImage })
      .from(users)
      .where(and(eq(users.id, id), isNotNull(users.legacyProfileImage)));
    if (!row) continue;
    await move({ dataUrl: row.dataUrl!, ownerId: row.id, what: `user ${row.id}` }, (tx, hash) =>
      tx
        .update(users)
        .set({ legacyProfileImage: null, ...(hash ? { profileImageHash: hash } : {}) })
        .where(and(eq(users.id, row.id), eq(users.legacyProfileImage, row.dataUrl!))),
    );
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
    await move({ dataUrl: row.dataUrl!, ownerId: row.truckId, what: `menu item ${row.id}` }, (tx, hash) =>
      tx
        .update(menuItems)
        .set({ legacyImageUrl: null, ...(hash ? { imageHash: hash } : {}) })
        .where(and(eq(menuItems.id, row.id), eq(menuItems.legacyImageUrl, row.dataUrl!))),
    );
  }
  if (moved + dropped > 0) log.info({ moved, dropped }, 'Moved pictures into the image store');
  return { moved, dropped };
}
