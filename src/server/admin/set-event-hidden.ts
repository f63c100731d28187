import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { events, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../outbox/enqueue-mail';
import { renderMail } from '../outbox/templates';
import { isLanguage, type Language } from '../../core/language';
import { translator } from '../i18n';

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
    // In the reader's saved language (decision 229).
    const language: Language = isLanguage(reader.language) ? reader.language : 'en';
    const t = translator(language);
    const title = event.title;
    await enqueueMail(tx, {
      kind: event.hidden ? 'event-taken-down' : 'event-restored',
      to: reader.contactEmail,
      subject: t(event.hidden ? 'mail:hidden.takenDownSubject' : 'mail:hidden.restoredSubject', { title }),
      ...renderMail({
        language,
        greeting: t('mail:hidden.greeting', { name: reader.businessName ?? reader.username }),
        paragraphs: event.hidden
          ? [
              t('mail:hidden.takenDown', { title, reason: event.hiddenReason }),
              t('mail:hidden.ordersStand'),
              t('mail:hidden.mistake'),
            ]
          : [t('mail:hidden.restored', { title })],
        action: { label: t('mail:hidden.open'), url: page },
      }),
    });
  }
}
