import { eq } from 'drizzle-orm';
import { isEditableEvent } from '../../core/event-status';
import type { EditEvent } from '../../core/schemas/event';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { DomainError } from '../domain-error';
import { lockEventOf } from './event-party';

/**
 * The organizer edits the event's title, cause and expected diners: theirs alone, until the event is
 * over (these change no money and no promise made to the truck or the diners). The row's update
 * notifies every instance's cache of public reads, so the page shows the new words at once.
 */
export async function editEventDetails(
  db: Db,
  organizerId: number,
  eventId: number,
  input: EditEvent,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const event = await lockEventOf(tx, eventId, { organizerId }, "Only the event's organizer can edit it");
    if (!isEditableEvent(event.status, now, event.endsAt)) {
      throw new DomainError('event_over', 'This event is over and can no longer be edited');
    }
    const [updated] = await tx
      .update(events)
      .set({ title: input.title, cause: input.cause, expectedDiners: input.expectedDiners, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    return updated!;
  });
}
