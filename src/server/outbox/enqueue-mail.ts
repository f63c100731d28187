import type { DbOrTx } from '../db/client';
import { outbox, type MailAttachmentRow } from '../db/schema';

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
}

/**
 * Queues a mail in the outbox. Pass the transaction of the change that causes the mail, so the two
 * commit together or not at all; the reconciler's `send-outbox` task sends it.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<{ id: number }> {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: mail.kind,
      recipient: mail.to.trim(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      headers: mail.headers ?? null,
      attachments: mail.attachments ?? null,
      thread: mail.thread ?? null,
    })
    .returning({ id: outbox.id });
  return row!;
}
