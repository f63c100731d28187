import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { TextRefused, type TextSender } from '../adapters/texts/text-sender';
import type { Db } from '../db/client';
import { textMessages, textOptOuts } from '../db/schema';

export interface SendTextsDeps {
  db: Db;
  texts: TextSender;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

/** How long a claim keeps other instances off a text; longer than any send can take. */
export const TEXT_LEASE_MS = 2 * 60 * 1000;
const RETRY_BASE_MS = 30 * 1000;
const MAX_ATTEMPTS = 8;

/**
 * The reconciler's `send-texts` task (docs/decisions/227-ready-texts.md): claims due texts, sends
 * each once, records the result. A claim counts the attempt and pushes `next_attempt_at` a lease
 * ahead (`FOR UPDATE SKIP LOCKED`, so two instances never take one text); a text claimed before (its
 * sender may have died between the provider's answer and the record) is first looked up at the
 * provider, so it is never sent twice. A number that answered STOP gets nothing.
 */
export async function sendTexts(
  deps: SendTextsDeps,
  batchSize = 20,
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const now = deps.now();
  const due = deps.db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(
      and(
        eq(textMessages.status, 'pending'),
        or(eq(textMessages.attempts, 0), lte(textMessages.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(textMessages.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(textMessages)
    .set({
      attempts: sql`${textMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + TEXT_LEASE_MS),
      // The first claim's start: whatever was sent for this row was sent after it.
      claimedAt: sql`coalesce(${textMessages.claimedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(inArray(textMessages.id, due))
    .returning();
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const text = { id: row.id, to: row.recipient, body: row.body };
    const mine = and(
      eq(textMessages.id, row.id),
      eq(textMessages.status, 'pending'),
      eq(textMessages.attempts, row.attempts),
    );
    try {
      const [stopped] = await deps.db.select().from(textOptOuts).where(eq(textOptOuts.phone, row.recipient));
      if (stopped) {
        await deps.db.update(textMessages).set({ status: 'stopped' }).where(mine);
        continue;
      }
      const sent =
        (row.attempts > 1 ? await deps.texts.findSent(text, row.claimedAt ?? row.createdAt) : null) ??
        (await deps.texts.send(text));
      await deps.db
        .update(textMessages)
        .set({ status: 'sent', providerSid: sent.sid, sentAt: deps.now(), lastError: null })
        .where(mine);
      result.sent++;
    } catch (error) {
      result.failed++;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const final = error instanceof TextRefused || row.attempts >= MAX_ATTEMPTS;
      const delay = Math.min(RETRY_BASE_MS * 2 ** (row.attempts - 1), 60 * 60 * 1000);
      await deps.db
        .update(textMessages)
        .set(
          final
            ? { status: error instanceof TextRefused && error.stopped ? 'stopped' : 'dead', lastError }
            : { nextAttemptAt: new Date(deps.now().getTime() + delay), lastError },
        )
        .where(mine);
      deps.log?.warn({ textId: row.id, attempts: row.attempts, final, err: error }, 'text not sent');
    }
  }
  return result;
}
