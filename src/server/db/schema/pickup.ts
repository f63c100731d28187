import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { events } from './events';
import { pendingOrders } from './orders';

/**
 * The pickup window (docs/decisions/226-pickup-slots.md): an event's slots from its start to its end,
 * each taking `capacity` orders. `held` is what live orders hold, taken and given back by the
 * database's triggers as stock is (migration pickup-window), so the capacity holds under any race.
 */
export const eventPickupSlots = pgTable(
  'event_pickup_slots',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The slot's length: 10, 15, 20 or 30 minutes (the same for every slot of an event). */
    minutes: integer('minutes').notNull(),
    capacity: integer('capacity').notNull(),
    /** Orders holding the slot now (a checkout under way, a held or saved card, a charge, a failed card). */
    held: integer('held').notNull().default(0),
    /** Closed by the truck: no new order takes it; those holding it keep it. */
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.startsAt] })],
);

/**
 * An order's pickup: its slot and the mobile number the diner gave, with consent, for the one text
 * that says the order is ready. Written with the order in the same statement (`placeOrderStatement`).
 */
export const orderPickups = pgTable(
  'order_pickups',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => pendingOrders.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    slotAt: timestamp('slot_at', { withTimezone: true }),
    /** E.164 (`+15551234567`); null: no texts. */
    textTo: text('text_to'),
  },
  (t) => [index('order_pickups_event_slot_idx').on(t.eventId, t.slotAt)],
);

/**
 * Text messages (SMS) to diners, an outbox of their own (docs/decisions/227-ready-texts.md): written
 * in the transaction of the change that causes them, sent by the reconciler's `send-texts` task. One
 * per order and kind, so a second "Ready" never texts twice; a claim that lapsed asks the provider
 * whether the text went before sending it again.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => pendingOrders.id),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'stopped', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the latest claim began: a later claim looks for a text sent since then before sending. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    providerSid: text('provider_sid'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('text_messages_order_kind_idx').on(t.orderId, t.kind),
    index('text_messages_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Numbers that answered STOP: nothing more is sent to them until they answer START. */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull(),
});
