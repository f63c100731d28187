import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYOUT_PARTIES } from '@core/payout-ledger';
import { moneyCents, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { events } from './events';
/**
 * A truck's or organizer's payout account: a Stripe Connect connected account (or the simulator's),
 * kept up to date from the `account.updated` webhook (docs/decisions/050-payouts-separate-charges-and-transfers.md).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    accountId: text('account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** What the provider still needs before it lets money out, e.g. `external_account`. */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_accounts_account_idx').on(t.accountId)],
);
/**
 * One row per event and paid party: the Transfer that settles its share, and the reversals that take
 * money back after a late refund. The share itself is never stored: it is recomputed from the orders.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    party: text('party', { enum: PAYOUT_PARTIES }).notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id),
    /** The amount and source charge decided before the Transfer is sent, so a replay sends the same. */
    plannedAmount: moneyCents('planned_amount'),
    sourceTransaction: text('source_transaction'),
    transferId: text('transfer_id'),
    transferredAmount: moneyCents('transferred_amount').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A reversal decided and not yet recorded (a crash replays it with the same key). */
    plannedReversal: moneyCents('planned_reversal'),
    reversedAmount: moneyCents('reversed_amount').notNull().default(0),
    /** The event's currency (ISO 4217): the Transfer and its reversals are in it. */
    currency: text('currency').notNull().default('USD'),
    /** Why the payout waits, e.g. no connected account; null when nothing stops it. */
    blockedReason: text('blocked_reason'),
    /** The instance working on it renews this every few seconds (a heartbeat); a stale one is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** A payout that waits (no account yet, the platform's funds short) is not looked at before this. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the share was last compared with what was sent (for people; the sweep goes by `refundSeq`). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * Raised by every refund or correction of one of the event's charged orders, in its own transaction
     * (a correction raises it itself, a refund through the `pending_orders_payout_seq` trigger);
     * `checkedSeq` is the value read before the ledger the last plan or check used. While they differ
     * a correction may not be counted yet, so the payout is looked at again (no clock involved).
     */
    refundSeq: integer('refund_seq').notNull().default(0),
    checkedSeq: integer('checked_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_event_party_idx').on(t.eventId, t.party),
    index('payouts_recipient_idx').on(t.recipientId),
    // The payouts still due (unsent, a reversal under way, a refund not yet looked at): the sweep claims
    // through it, so settled payouts cost it nothing (docs/decisions/176-payouts-swept-by-what-is-due.md).
    index('payouts_due_idx')
      .on(t.id)
      .where(
        sql`${t.paidAt} is null or ${t.plannedReversal} is not null or ${t.refundSeq} > ${t.checkedSeq}`,
      ),
  ],
);
