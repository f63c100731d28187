import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { findEventOf } from './event-party';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

/**
 * The organizer sets, keeps or removes their event's cover picture: theirs alone, whatever the
 * event's status (a picture changes no money and no promise).
 */
export async function setEventCover(
  db: Db,
  organizerId: number,
  eventId: number,
  coverImage: string | null,
  now: Date,
) {
  const event = await findEventOf(
    db,
    eventId,
    { organizerId },
    "Only the event's organizer can change its cover",
  );
  const change = await readImageChange(coverImage, event.coverImageHash, 'coverImage', {
    db,
    id: organizerId,
  });
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
    const coverImageHash = await applyImageChange(tx, organizerId, change, current!.coverImageHash);
    const [updated] = await tx
      .update(events)
      .set({ coverImageHash, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await settleOwnerImages(tx, organizerId, change, 'coverImage');
    return updated!;
  });
}
