import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface SendOutboxOptions {
  /** Rows claimed per statement. */
  batchSize?: number;
  /** At most this many batches per run, so one run can't hold the reconciler forever. */
  maxBatches?: number;
  /** How long a claim keeps other instances off a row; longer than any send can take. */
  leaseMs?: number;
  /** Wait before the first retry, doubled for each later one (capped at an hour). */
  retryBaseMs?: number;
  /** After this many failed attempts the row is marked `dead` with its last error. */
  maxAttempts?: number;
}

export interface SendOutboxDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

export interface SendOutboxResult {
  sent: number;
  retrying: number;
  dead: number;
}

export const OUTBOX_MAX_ATTEMPTS = 8;

/**
 * The reconciler's outbox task: claims due mail, sends it, and records the result. A claim is one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`, which counts the attempt and
 * pushes `next_attempt_at` a lease ahead, so several instances never send one row twice. A mail that
 * was never tried is due at once, whatever the clocks say; a failed one waits its backoff.
 */
export async function sendOutbox(
  deps: SendOutboxDeps,
  options: SendOutboxOptions = {},
): Promise<SendOutboxResult> {
  const batchSize = options.batchSize ?? 20;
  const maxBatches = options.maxBatches ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const retryBaseMs = options.retryBaseMs ?? 30 * 1000;
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const result: SendOutboxResult = { sent: 0, retrying: 0, dead: 0 };

  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueMail(deps.db, deps.now(), leaseMs, batchSize);
    for (const row of claimed) {
      try {
        await deps.mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: row.headers ?? undefined,
          attachments: row.attachments ?? undefined,
        });
        await deps.db
          .update(outbox)
          .set({ status: 'sent', sentAt: deps.now(), lastError: null })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending')));
        result.sent++;
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const dead = row.attempts >= maxAttempts;
        const delay = Math.min(retryBaseMs * 2 ** (row.attempts - 1), 60 * 60 * 1000);
        await deps.db
          .update(outbox)
          .set(
            dead
              ? { status: 'dead', lastError }
              : { nextAttemptAt: new Date(deps.now().getTime() + delay), lastError },
          )
          // Only while our claim holds: a row re-claimed after its lease belongs to that claim.
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts)));
        deps.log?.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, dead, err: error },
          'mail not sent',
        );
        if (dead) result.dead++;
        else result.retrying++;
      }
    }
    if (claimed.length < batchSize) break;
  }
  return result;
}

async function claimDueMail(db: Db, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        or(eq(outbox.attempts, 0), lte(outbox.nextAttemptAt, now)),
        // A thread's mails go in the order they were written: none while an older one is unsent.
        // (Qualified by hand: Drizzle leaves the columns of a one-table select unqualified.)
        sql`("outbox"."thread" is null or not exists (
          select 1 from ${outbox} earlier
           where earlier.thread = "outbox"."thread" and earlier.id < "outbox"."id" and earlier.status = 'pending'))`,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}
