import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { events, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../outbox/enqueue-mail';
import { renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;

/**
 * An admin takes an event down (or puts it back). Hiding changes no status and touches no money: the
 * event only disappears from the public, while its diners keep their orders, pickup codes, cancel and
 * refunds (docs/decisions/033-hidden-events.md, 128-moderation-strands-nobody.md). Its organizer and
 * truck are told why, in the same transaction. To stop the event, an admin calls it off.
 */
export async function setEventHidden(
  db: Db,
  eventId: number,
  change: { hidden: boolean; reason?: string | undefined },
  options: { now: Date; baseUrl: string },
): Promise<EventRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
    if (!before) throw new DomainError('event_not_found', 'Event not found');
    const [event] = await tx
      .update(events)
      .set({
        hidden: change.hidden,
        hiddenReason: change.hidden ? (change.reason?.trim() ?? null) : null,
        updatedAt: options.now,
      })
      .where(eq(events.id, eventId))
      .returning();
    if (before.hidden !== change.hidden) await tellParties(tx, event!, options.baseUrl);
    return event!;
  });
}

async function tellParties(tx: Tx, event: EventRow, baseUrl: string) {
  const parties = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [event.organizerId, event.foodTruckId]));
  for (const reader of parties) {
    if (!reader.contactEmail) continue;
    const page = reader.id === event.organizerId ? `${baseUrl}/my-events/${event.id}` : `${baseUrl}/bookings`;
    await enqueueMail(tx, {
      kind: event.hidden ? 'event-taken-down' : 'event-restored',
      to: reader.contactEmail,
      subject: event.hidden ? `Taken down: ${event.title}` : `Public again: ${event.title}`,
      ...renderMail({
        greeting: `Hi ${reader.businessName ?? reader.username},`,
        paragraphs: event.hidden
          ? [
              `Food Truck Fund took "${event.title}" down from its public pages: "${event.hiddenReason}"`,
              'Nobody new can find it or pre-order. Diners who already ordered keep their orders, pickup codes and refunds, and can still cancel as usual.',
              'If you think this is a mistake, answer us through the support chat.',
            ]
          : [`"${event.title}" is back on Food Truck Fund's public pages and takes pre-orders as before.`],
        action: { label: 'Open the event', url: page },
      }),
    });
  }
}
