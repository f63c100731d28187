import { and, eq, sql } from 'drizzle-orm';
import type { MailTopic } from '../../core/mail-topics';
import type { DbOrTx } from '../db/client';
import { outbox, users, type MailAttachmentRow } from '../db/schema';

export interface OutgoingMail {
  /** What the mail is about (`order-received`, `invite`, …): for logs and for finding it in tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
  attachments?: MailAttachmentRow[] | undefined;
  /**
   * What the mail is about (`order:<id>`): mails of one thread are sent in the order they were written,
   * so a later state's mail never arrives before an earlier one's.
   */
  thread?: string | undefined;
  /**
   * The account the mail is for and what it is about: a mail whose topic the account turned off is not
   * queued (decision 155). Mail to diners and about the account itself has none.
   */
  recipient?: { userId: number; topic: MailTopic } | undefined;
}

/**
 * Queues a mail in the outbox, unless its recipient turned its topic off. Pass the transaction of the change that causes the mail, so the two
 * commit together or not at all; the reconciler's `send-outbox` task sends it.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: OutgoingMail & { recipient?: undefined },
): Promise<{ id: number }>;
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<{ id: number } | null>;
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<{ id: number } | null> {
  if (mail.recipient && (await hasTurnedOff(db, mail.recipient))) return null;
  const [row] = await db.insert(outbox).values(outboxRow(mail)).returning({ id: outbox.id });
  return row!;
}

/**
 * Queues many mails in one statement, like `enqueueMail` (pass the transaction of the change that
 * causes them), for mails to addresses with no account behind them (diners, visitors who asked for a
 * reminder): there is no topic to check.
 */
export async function enqueueMails(
  db: DbOrTx,
  mails: ReadonlyArray<OutgoingMail & { recipient?: undefined }>,
): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(outbox).values(mails.map(outboxRow));
}

/** The outbox row of a mail, as the `send-outbox` task reads it back. */
function outboxRow(mail: OutgoingMail): typeof outbox.$inferInsert {
  return {
    kind: mail.kind,
    recipient: mail.to.trim(),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    headers: mail.headers ?? null,
    attachments: mail.attachments ?? null,
    thread: mail.thread ?? null,
  };
}

async function hasTurnedOff(db: DbOrTx, recipient: { userId: number; topic: MailTopic }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, recipient.userId), sql`${recipient.topic} = any(${users.mailOptOuts})`));
  return row !== undefined;
}
