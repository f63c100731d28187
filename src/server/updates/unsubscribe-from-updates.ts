import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, updateUnsubscribes } from '../db/schema';
import { DomainError } from '../domain-error';
import { readUnsubscribeToken } from './unsubscribe-token';

/** Reads an unsubscribe link: which event, which address, and whether it is already unsubscribed. */
export async function describeUnsubscribe(db: DbOrTx, secret: string, token: string) {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw new DomainError('unsubscribe_link_invalid', 'This unsubscribe link is not valid');
  const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, target.eventId));
  if (!event) throw new DomainError('unsubscribe_link_invalid', 'This unsubscribe link is not valid');
  const [row] = await db
    .select()
    .from(updateUnsubscribes)
    .where(and(eq(updateUnsubscribes.eventId, target.eventId), eq(updateUnsubscribes.email, target.email)));
  return {
    eventId: target.eventId,
    eventTitle: event.title,
    email: target.email,
    unsubscribed: Boolean(row),
  };
}

/** Stops update mail about one event to one address; following the link twice is fine. */
export async function unsubscribeFromUpdates(db: DbOrTx, secret: string, token: string, now: Date) {
  const described = await describeUnsubscribe(db, secret, token);
  await db
    .insert(updateUnsubscribes)
    .values({ eventId: described.eventId, email: described.email, createdAt: now })
    .onConflictDoNothing();
  return { ...described, unsubscribed: true };
}
