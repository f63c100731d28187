import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users, type events } from '../db/schema';
import { enqueueMail, type OutgoingMail } from '../outbox/enqueue-mail';

type UserRow = typeof users.$inferSelect;

/**
 * Mails one party of an event about its request or a change of it, in the transaction that made the
 * news: a mail of the `requests` topic, which the party may have turned off. The mail is written from
 * both parties' rows; a party without a contact address is not mailed.
 */
export async function mailRequestParty(
  tx: Tx,
  event: Pick<typeof events.$inferSelect, 'organizerId' | 'foodTruckId'>,
  to: 'organizer' | 'truck',
  compose: (organizer: UserRow, truck: UserRow) => Omit<OutgoingMail, 'to' | 'recipient'>,
): Promise<void> {
  const [organizer] = await tx.select().from(users).where(eq(users.id, event.organizerId));
  const [truck] = await tx.select().from(users).where(eq(users.id, event.foodTruckId));
  const party = to === 'organizer' ? organizer : truck;
  if (!organizer || !truck || !party?.contactEmail) return;
  await enqueueMail(tx, {
    to: party.contactEmail,
    recipient: { userId: party.id, topic: 'requests' },
    ...compose(organizer, truck),
  });
}
