import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHANGE_REQUEST_STATUSES, EVENT_STATUSES } from '@core/event-status';
import { moneyCents, basisPoints, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { images } from './images';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Instants computed from date, times and zone; what the reconciler acts on. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    expectedDiners: integer('expected_diners').notNull(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('pending_approval'),
    approvalDate: timestamp('approval_date', { withTimezone: true }),
    approvalExpiryDate: timestamp('approval_expiry_date', { withTimezone: true }),
    foodTruckResponse: text('food_truck_response'),
    currentSales: moneyCents('current_sales').notNull().default(0),
    minimumSales: moneyCents('minimum_sales').notNull(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => users.id),
    priceMarkupPercentage: basisPoints('price_markup_percentage').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    cancelReason: text('cancel_reason'),
    /** Who called the event off: `organizer`, `truck`, `admin`, or `system` (expired, unfunded). */
    cancelledBy: text('cancelled_by', { enum: ['organizer', 'truck', 'admin', 'system'] }),
    /** The organizer's or truck's own words when calling the event off. */
    cancelNote: text('cancel_note'),
    /**
     * Set when the event was called off after its start (decision 127): it is `closed`, orders not yet
     * collected were released or refunded, and collected ones stay charged and the truck's.
     */
    cutShortAt: timestamp('cut_short_at', { withTimezone: true }),
    /** Why an admin took the event down, as the organizer and the truck were told. */
    hiddenReason: text('hidden_reason'),
    /** "Why we're raising": the organizer's cause in their own words, shown on the event page. */
    cause: text('cause'),
    /** The organizer's cover picture in the image store. */
    coverImageHash: text('cover_image_hash').references(() => images.hash),
    /**
     * When the truck last accepted a new date, times or place: diners who ordered before it may cancel
     * for a release or a full refund until the new start (docs/decisions/131-diners-may-leave-a-changed-event.md).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** Accepted changes so far: the calendar file's SEQUENCE, so calendars replace the old entry. */
    scheduleVersion: integer('schedule_version').notNull().default(0),
    /**
     * When the payout sweep wrote this closed event's payout rows; until then the event is in the small
     * index of events still to open (docs/decisions/176-payouts-swept-by-what-is-due.md).
     */
    payoutsOpenedAt: timestamp('payouts_opened_at', { withTimezone: true }),
    /** The truck's sales-tax rate for this event, in basis points; null: the truck's profile rate. */
    salesTaxBasisPoints: integer('sales_tax_basis_points'),
    /** The truck's currency when the event was made (ISO 4217): every amount of the event is in it. */
    currency: text('currency').notNull().default('USD'),
    /** The least gift that may carry a sponsor's name, link and logo (decision 223); null: no sponsors with gifts. */
    sponsorMinCents: moneyCents('sponsor_min_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_cover_image_idx').on(t.coverImageHash),
    index('events_status_starts_idx').on(t.status, t.startsAt),
    // The organizer's events, latest first, paged by (starts_at, id) (docs/decisions/177-own-lists-paged-by-cursor.md).
    index('events_organizer_starts_idx').on(t.organizerId, t.startsAt, t.id),
    // Requests waiting for a truck's answer, soonest to lapse first, paged by (approval_expiry_date, id).
    index('events_truck_pending_idx')
      .on(t.foodTruckId, t.approvalExpiryDate, t.id)
      .where(sql`${t.status} = 'pending_approval'`),
    index('events_truck_status_idx').on(t.foodTruckId, t.status),
    // The truck's bookings by start, each part paged by (starts_at, id) (docs/decisions/177-own-lists-paged-by-cursor.md).
    index('events_truck_starts_idx').on(t.foodTruckId, t.startsAt, t.id),
    // The admins' list, newest first, paged by (created_at, id) (docs/decisions/162-flat-cost-at-scale.md).
    index('events_created_idx').on(t.createdAt, t.id),
    // The public list's order (docs/decisions/081-public-list-pages.md): a page is a range scan.
    index('events_public_list_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.hidden} = false`),
    // Closed events whose payout rows are not written yet, by end (the payout sweep's first step).
    index('events_payouts_unopened_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'closed' and ${t.payoutsOpenedAt} is null`),
  ],
);

/**
 * An organizer's request to move an event (date, times, place), which the addressed truck accepts or
 * declines by its deadline; at most one is pending per event (docs/decisions/130-editing-an-event.md).
 */
export const eventChangeRequests = pgTable(
  'event_change_requests',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    location: text('location').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** What the event said before: kept so the mails and screens can say "from … to …". */
    previousDate: date('previous_date', { mode: 'string' }).notNull(),
    previousStartTime: varchar('previous_start_time', { length: 5 }).notNull(),
    previousEndTime: varchar('previous_end_time', { length: 5 }).notNull(),
    previousLocation: text('previous_location').notNull(),
    /** The earlier of 24 hours after the request and the event's start; unanswered by then, it lapses. */
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The truck's note with its answer: for the organizer only. */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_change_requests_one_pending_idx')
      .on(t.eventId)
      .where(sql`${t.status} = 'pending'`),
    index('event_change_requests_event_idx').on(t.eventId, t.id),
    index('event_change_requests_due_idx')
      .on(t.answerBy)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Short news the organizer or the truck posts to an event's diners. */
export const eventUpdates = pgTable(
  'event_updates',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_updates_event_idx').on(t.eventId, t.createdAt)],
);

/** Diners who asked for no more updates about an event (one-click unsubscribe). */
export const updateUnsubscribes = pgTable(
  'update_unsubscribes',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Lower-cased e-mail address. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('update_unsubscribes_event_email_idx').on(t.eventId, t.email)],
);

/** Visitors who asked to be reminded 48 hours before an event that still needs backers. */
export const reminderRequests = pgTable(
  'reminder_requests',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Lower-cased e-mail address. */
    email: text('email').notNull(),
    /** Set when the visitor followed the link in the confirmation mail; only confirmed ones are reminded. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The language of the page they asked from: the reminder is written in it (decision 229). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_requests_event_email_idx').on(t.eventId, t.email)],
);

/**
 * One row per reminder run of an event (`diners-24h`, `visitors-48h`): inserted in the transaction
 * that queues its mail, so a run happens once however many instances race for it.
 */
export const eventReminderRuns = pgTable(
  'event_reminder_runs',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    kind: text('kind', { enum: ['diners-24h', 'visitors-48h'] }).notNull(),
    recipients: integer('recipients').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_reminder_runs_event_kind_idx').on(t.eventId, t.kind)],
);
