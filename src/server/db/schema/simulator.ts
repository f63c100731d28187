import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The payment simulator's intents (the default gateway without Stripe keys). */
export const simulatorIntents = pgTable('simulator_intents', {
  id: text('id').primaryKey(),
  object: text('object', { enum: ['payment_intent', 'setup_intent'] }).notNull(),
  clientSecret: text('client_secret').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  currency: text('currency').notNull().default('usd'),
  captureMethod: text('capture_method'),
  status: text('status').notNull(),
  paymentMethod: text('payment_method'),
  customer: text('customer'),
  metadata: jsonb('metadata').notNull().default({}),
  /** Cents given back by refunds (Stripe keeps a PaymentIntent `succeeded` when it is refunded). */
  amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const simulatorIdempotency = pgTable('simulator_idempotency', {
  key: text('key').primaryKey(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});

/** The payment simulator's connected accounts. */
export const simulatorAccounts = pgTable('simulator_accounts', {
  id: text('id').primaryKey(),
  email: text('email'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** The secret of the latest onboarding link; the local onboarding page needs it. */
  linkToken: text('link_token'),
  linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
  returnUrl: text('return_url'),
  refreshUrl: text('refresh_url'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The payment simulator's transfers to connected accounts (their balances are the sums). */
export const simulatorTransfers = pgTable(
  'simulator_transfers',
  {
    id: text('id').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountReversed: bigint('amount_reversed', { mode: 'number' }).notNull().default(0),
    /** Lower case, as Stripe's: the platform's balance is kept per currency. */
    currency: text('currency').notNull().default('usd'),
    destination: text('destination').notNull(),
    transferGroup: text('transfer_group'),
    sourceTransaction: text('source_transaction'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('simulator_transfers_destination_idx').on(t.destination)],
);
