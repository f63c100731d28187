import { eq } from 'drizzle-orm';
import { assertEventTransition, type EventStatus } from '../../core/event-status';
import type { DbOrTx } from '../db/client';
import { events } from '../db/schema';
import { recordTransition } from './record-transition';

type EventRow = typeof events.$inferSelect;

/**
 * The one way an event's status changes: checked against the transition table in src/core (an
 * illegal change throws) and recorded in status_transitions. The caller holds the event's row lock,
 * or makes the update conditional itself.
 */
export async function setEventStatus(
  tx: DbOrTx,
  event: Pick<EventRow, 'id' | 'status'>,
  to: EventStatus,
  now: Date,
  reason?: string,
  patch: Partial<typeof events.$inferInsert> = {},
): Promise<EventRow> {
  assertEventTransition(event.status, to, event.id);
  const [row] = await tx
    .update(events)
    .set({ ...patch, status: to, updatedAt: now })
    .where(eq(events.id, event.id))
    .returning();
  await recordTransition(tx, { entity: 'event', id: event.id, from: event.status, to, reason, at: now });
  return row!;
}
