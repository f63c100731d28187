import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { eventUpdates, users } from '../db/schema';

/** An event's latest updates, newest first, each with its author's names and role. */
export function latestUpdatesOfEvent(db: DbOrTx, eventId: number, limit: number) {
  return db
    .select({
      update: eventUpdates,
      businessName: users.businessName,
      username: users.username,
      role: users.role,
    })
    .from(eventUpdates)
    .innerJoin(users, eq(users.id, eventUpdates.authorId))
    .where(eq(eventUpdates.eventId, eventId))
    .orderBy(desc(eventUpdates.createdAt), desc(eventUpdates.id))
    .limit(limit);
}
