import { and, count, eq, ne, sql, sum } from 'drizzle-orm';
import { imageCapRefusal, MAX_IMAGE_BYTES_PER_ACCOUNT, TOO_MANY_IMAGE_BYTES } from '../../core/images';
import { IMAGE_PATH, imageHashOfUrl } from '../../contract/images';
import type { DbOrTx, Tx } from '../db/client';
import { images, imageVariants, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { prepareImageDataUrl, type PreparedImage } from './prepare-image';

/** What a request asked for a picture field: leave it, take it away, or store a new picture. */
export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; image: PreparedImage };

/**
 * Reads a picture field of a request: null or '' removes, the URL of the picture already there keeps
 * it (forms send back what they were given), a data URL is checked and prepared for the store.
 * Runs before the transaction: re-encoding takes milliseconds of CPU that no lock should wait on.
 */
export async function readImageChange(
  value: string | null | undefined,
  currentHash: string | null,
  field: string,
  owner: { db: DbOrTx; id: number },
): Promise<ImageChange> {
  if (value === undefined) return { kind: 'keep' };
  if (value === null || value === '') return { kind: 'remove' };
  if (value.startsWith(IMAGE_PATH)) {
    if (currentHash && imageHashOfUrl(value) === currentHash) return { kind: 'keep' };
    // Another stored picture can't be claimed by its URL: only uploaded, or the one already there.
    const message = 'The image must be an uploaded picture';
    throw new DomainError('image_not_uploaded', message, { fields: { [field]: message } });
  }
  // A full account is refused before its picture is decoded: the caps are worth no CPU.
  await requireRoomForImage(owner.db, owner.id, currentHash, field);
  return { kind: 'new', image: await prepareImageDataUrl(value, field) };
}

/**
 * Whether the account has room for one more picture, counted before any decoding: its pictures but
 * the one this replaces, one more than that, and the bytes it already holds. The caps are enforced
 * again, exactly, in the transaction that stores the picture (settleOwnerImages).
 */
async function requireRoomForImage(
  db: DbOrTx,
  ownerId: number,
  replacedHash: string | null,
  field: string,
): Promise<void> {
  const mine = eq(images.ownerId, ownerId);
  const [held] = await db
    .select({ count: count(), bytes: sum(images.byteSize).mapWith(Number) })
    .from(images)
    .where(replacedHash ? and(mine, ne(images.hash, replacedHash)) : mine);
  const refusal =
    imageCapRefusal((held?.count ?? 0) + 1, held?.bytes ?? 0) ??
    ((held?.bytes ?? 0) >= MAX_IMAGE_BYTES_PER_ACCOUNT ? TOO_MANY_IMAGE_BYTES : null);
  if (refusal) throw new DomainError('image_quota_reached', refusal, { fields: { [field]: refusal } });
}

/**
 * Stores a prepared picture for its owner, once per content, and answers its hash. The owner's row
 * is locked first so two uploads of one account are counted one after the other (the caps), and an
 * existing row is locked too, so its owner's clean-up can't delete it while this reference is made.
 */
export async function saveImage(tx: Tx, ownerId: number, image: PreparedImage): Promise<string> {
  await lockOwner(tx, ownerId);
  await tx
    .insert(images)
    .values({
      hash: image.hash,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.length,
      bytes: image.bytes,
      ownerId,
    })
    .onConflictDoUpdate({ target: images.hash, set: { ownerId: sql`${images.ownerId}` } });
  await tx
    .insert(imageVariants)
    .values(image.variants.map((v) => ({ hash: image.hash, ...v })))
    .onConflictDoNothing();
  return image.hash;
}

/** The hash to store for a change: the new picture's (saved), null, or the current one. */
export async function applyImageChange(
  tx: Tx,
  ownerId: number,
  change: ImageChange,
  currentHash: string | null,
): Promise<string | null> {
  if (change.kind === 'keep') return currentHash;
  if (change.kind === 'remove') return null;
  return saveImage(tx, ownerId, change.image);
}

/**
 * After an account's references changed, in the same transaction: its pictures that nothing uses
 * any more are deleted, then, if the change added one, the account is held to its caps
 * (core/images.ts): over a cap, the whole change is refused with 409 and rolled back. Taking a
 * picture away is never refused.
 */
export async function settleOwnerImages(
  tx: Tx,
  ownerId: number,
  change: ImageChange,
  field: string,
): Promise<void> {
  if (change.kind === 'keep') return;
  await forgetUnusedImages(tx, ownerId);
  if (change.kind === 'new') await enforceImageCaps(tx, ownerId, field);
}

/**
 * Deletes the account's pictures that nothing refers to. Pictures another transaction is
 * referencing right now are locked by it (saveImage) and skipped; a later clean-up takes them if
 * they are still unused.
 */
export async function forgetUnusedImages(tx: Tx, ownerId: number): Promise<void> {
  await lockOwner(tx, ownerId);
  await tx.execute(sql`
    DELETE FROM images WHERE hash IN (
      SELECT i.hash FROM images i
      WHERE i.owner_id = ${ownerId}
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_image_hash = i.hash)
        AND NOT EXISTS (SELECT 1 FROM menu_items m WHERE m.image_hash = i.hash)
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.cover_image_hash = i.hash)
        AND NOT EXISTS (SELECT 1 FROM event_sponsors s WHERE s.logo_hash = i.hash)
      FOR UPDATE SKIP LOCKED
    )`);
}

async function enforceImageCaps(tx: Tx, ownerId: number, field: string): Promise<void> {
  const [held] = await tx
    .select({ count: count(), bytes: sum(images.byteSize).mapWith(Number) })
    .from(images)
    .where(eq(images.ownerId, ownerId));
  const refusal = imageCapRefusal(held?.count ?? 0, held?.bytes ?? 0);
  if (refusal) throw new DomainError('image_quota_reached', refusal, { fields: { [field]: refusal } });
}

async function lockOwner(tx: Tx, ownerId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/** A stored picture (width omitted) or one of its WebP copies, with its type; null if unknown. */
export async function findStoredImage(db: DbOrTx, hash: string, width?: number): Promise<StoredImage | null> {
  if (width === undefined) {
    const [row] = await db
      .select({ contentType: images.contentType, bytes: images.bytes })
      .from(images)
      .where(eq(images.hash, hash));
    return row ?? null;
  }
  const [row] = await db
    .select({ contentType: imageVariants.contentType, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.hash, hash), eq(imageVariants.width, width)));
  return row ?? null;
}
