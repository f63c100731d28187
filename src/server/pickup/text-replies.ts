import { eq } from 'drizzle-orm';
import { textReplyMeaning, toE164 } from '../../core/ready-texts';
import type { Db } from '../db/client';
import { textMessages, textOptOuts } from '../db/schema';
import { and } from 'drizzle-orm';

/**
 * A diner's answer to a text, as Twilio delivers it (decision 227): STOP (or a synonym) ends texts to
 * that number at once, the text waiting for it included; START lets them through again. Anything
 * else is ignored.
 */
export async function receiveTextReply(db: Db, from: string, body: string, now: Date): Promise<void> {
  const meaning = textReplyMeaning(body);
  const phone = toE164(from);
  if (!meaning || !phone) return;
  if (meaning === 'start') {
    await db.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.insert(textOptOuts).values({ phone, stoppedAt: now }).onConflictDoNothing();
    await tx
      .update(textMessages)
      .set({ status: 'stopped' })
      .where(and(eq(textMessages.recipient, phone), eq(textMessages.status, 'pending')));
  });
}
