import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export interface MailAttachmentRow {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

/** Mail (and other side effects) written in the same transaction as their cause, sent by the reconciler. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Extra headers (List-Unsubscribe) and files (a calendar invitation) the mail carries. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>(),
    /**
     * Mails about one thing (`order:<id>`) are sent in the order they were written: a mail waits while
     * an older one of its thread is still unsent, so a diner never gets "Charged" after "Refunded".
     */
    thread: text('thread'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_thread_idx')
      .on(t.thread, t.id)
      .where(sql`${t.status} = 'pending' and ${t.thread} is not null`),
  ],
);

/** Fixed-window counters every instance shares (login attempts, invitations). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** The latest hit: progressive delays count from it. */
  lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
});

/** Stripe webhook events already handled, so a redelivery does nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pacing of calls to the payment provider, shared by every instance: a GCRA cell per key whose
 * theoretical arrival time moves one interval per call (Stripe allows 25 requests/s in test mode).
 */
export const providerPacing = pgTable('provider_pacing', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 6 }).notNull(),
});

export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  result: jsonb('result').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
