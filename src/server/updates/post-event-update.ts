import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../core/order-status';
import type { EventUpdateInput } from '../../core/schemas/momentum';
import type { AppContext } from '../context';
import { eventUpdates, events, pendingOrders, updateUnsubscribes, type users } from '../db/schema';
import { DomainError } from '../domain-error';
import { hitRateLimit } from '../http/rate-limit';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMails } from '../outbox/enqueue-mail';
import { eventUpdateMail } from './update-mail';
import { wasAcceptedByTruck } from '../../core/event-status';

type UserRow = typeof users.$inferSelect;

/** Updates one event may mail per day: news, not a newsletter. */
export const UPDATES_PER_EVENT_PER_DAY = 10;

/** Diners who still have an order to come for: authorized, charged, or being fixed. */
export const UPDATE_RECIPIENT_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged', 'failed'];

/**
 * The organizer or the event's truck posts an update: stored, and e-mailed through the outbox, in
 * the same transaction, to every diner with an order who has not unsubscribed from this event.
 */
export async function postEventUpdate(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  author: UserRow,
  eventId: number,
  input: EventUpdateInput,
) {
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found', 'Event not found');
  if (author.id !== event.organizerId && author.id !== event.foodTruckId)
    throw new DomainError(
      'not_a_party_to_event',
      'Only the organizer and the truck of this event can post updates',
    );
  if (!wasAcceptedByTruck(event.status))
    throw new DomainError(
      'event_not_accepted',
      'Updates can be posted once the truck has accepted the event',
    );
  const authorName = author.businessName ?? author.username;
  const baseUrl = publicBaseUrl(ctx.config);
  const now = ctx.now();
  const posted = await hitRateLimit(ctx.db, `updates:event:${eventId}`, 24 * 60 * 60 * 1000, now);
  if (posted.count > UPDATES_PER_EVENT_PER_DAY)
    throw new DomainError(
      'updates_per_day_exceeded',
      `An event can post ${UPDATES_PER_EVENT_PER_DAY} updates a day. Please try again tomorrow.`,
    );

  return ctx.db.transaction(async (tx) => {
    const [update] = await tx
      .insert(eventUpdates)
      .values({ eventId, authorId: author.id, text: input.text, createdAt: now })
      .returning();
    const recipients = await tx
      .select({
        email: sql<string>`lower(trim(${pendingOrders.customerEmail}))`,
        // One mail per address, in the language of that diner's latest checkout (decision 229).
        language: sql<string>`(array_agg(${pendingOrders.language} order by ${pendingOrders.id} desc))[1]`,
      })
      .from(pendingOrders)
      .where(
        and(
          eq(pendingOrders.eventId, eventId),
          inArray(pendingOrders.status, [...UPDATE_RECIPIENT_STATUSES]),
          sql`not exists (select 1 from ${updateUnsubscribes} where ${updateUnsubscribes.eventId} = ${eventId} and ${updateUnsubscribes.email} = lower(trim(${pendingOrders.customerEmail})))`,
        ),
      )
      .groupBy(sql`lower(trim(${pendingOrders.customerEmail}))`);
    await enqueueMails(
      tx,
      recipients.map((reader) =>
        eventUpdateMail(event, { text: input.text, authorName }, reader, baseUrl, ctx.config.sessionSecret),
      ),
    );
    return { update: update!, authorName, authorRole: author.role, recipients: recipients.length };
  });
}
