import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { reminderRequests } from '../db/schema';
import { DomainError } from '../domain-error';
import { readReminderToken } from './reminder-token';

/** Follows the link of a confirmation mail; following it again changes nothing. Returns the event id. */
export async function confirmReminder(db: DbOrTx, secret: string, token: string, now: Date): Promise<number> {
  const requestId = readReminderToken(secret, token);
  if (requestId === null)
    throw new DomainError('reminder_link_invalid', 'This confirmation link is not valid');
  await db
    .update(reminderRequests)
    .set({ confirmedAt: now })
    .where(and(eq(reminderRequests.id, requestId), isNull(reminderRequests.confirmedAt)));
  const [request] = await db.select().from(reminderRequests).where(eq(reminderRequests.id, requestId));
  if (!request) throw new DomainError('reminder_link_invalid', 'This confirmation link is not valid');
  return request.eventId;
}
