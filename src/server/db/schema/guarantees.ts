import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GUARANTEE_STATUSES } from '@core/host-guarantee';
import { moneyCents, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { events } from './events';

/**
 * An organizer's guarantee of the truck's minimum (docs/decisions/224-the-host-guarantees-the-minimum.md):
 * one per event, a card saved by a SetupIntent before the truck answered, charged the shortfall
 * off-session at the start under `guarantee:<eventId>` at most once.
 */
export const eventGuarantees = pgTable(
  'event_guarantees',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: GUARANTEE_STATUSES }).notNull().default('saving'),
    /** The organizer's commitment: the goal they guarantee, at most (the event's goal when offered). */
    capCents: moneyCents('cap_cents').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSetupIntentId: text('stripe_setup_intent_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** When the organizer was mailed "you may pay $X", 48 hours ahead (once). */
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    /** The shortfall fixed when the charge was claimed: a replay after a crash charges the same. */
    amountCents: moneyCents('amount_cents'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    /** Cents given back (the event was called off after the charge landed). */
    refundedCents: moneyCents('refunded_cents').notNull().default(0),
    /** The card's message when the charge was refused. */
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_guarantees_event_idx').on(t.eventId),
    uniqueIndex('event_guarantees_setup_idx').on(t.stripeSetupIntentId),
    // The reconciler's due rows: guarantees still standing.
    index('event_guarantees_standing_idx')
      .on(t.eventId)
      .where(sql`${t.status} in ('saved', 'charging')`),
  ],
);
