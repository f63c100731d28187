import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHANGE_REQUEST_STATUSES, EVENT_STATUSES } from '../../core/event-status';
import { centsToDecimal, parseDecimalToCents } from '../../core/money';
import { FULFILMENT_STATES } from '../../core/fulfilment';
import { ORDER_STATUSES } from '../../core/order-status';
import { PAYOUT_PARTIES } from '../../core/payout-ledger';
import { USER_ROLES } from '../../core/schemas/auth';

/**
 * numeric(precision, 2) in the database, integer cents in JavaScript: money never passes through a
 * floating point number (docs/decisions/002-money-as-integer-cents.md).
 */
const cents = customType<{ data: number; driverData: string; config: { precision: number } }>({
  dataType: (config) => `numeric(${config?.precision ?? 10}, 2)`,
  toDriver: (value) => centsToDecimal(value),
  fromDriver: (value) => parseDecimalToCents(String(value)),
});
/**
 * numeric(14, 2): up to $999,999,999,999.99, far past any event's ceiling (MAX_EVENT_SALES_CENTS), so
 * no sum the engine keeps can overflow (docs/decisions/125-no-money-without-an-order.md).
 */
const moneyCents = (name: string) => cents(name, { precision: 14 });
/** A percentage with two decimals (numeric(5,2)), kept as basis points: 12.50% → 1250. */
const basisPoints = (name: string) => cents(name, { precision: 5 });

/** Raw bytes (bytea): a Buffer in JavaScript, whichever driver (PGlite hands back a Uint8Array). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * The username normalized once (NFKC, case-folded): what login, registration and throttling
     * compare. Null only on rows written before it existed, until the start-up backfill fills it.
     */
    usernameKey: text('username_key'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    businessName: text('business_name'),
    description: text('description'),
    minimumSales: moneyCents('minimum_sales'),
    cuisine: text('cuisine'),
    /** The truck's picture in the image store (docs/decisions/084-images-by-content-hash.md). */
    profileImageHash: text('profile_image_hash').references((): AnyPgColumn => images.hash),
    /**
     * Before the image store: the picture as a data URL. Moved into the store at start and emptied
     * (`migrate-legacy-images.ts`); nothing reads it otherwise.
     */
    legacyProfileImage: text('profile_image'),
    location: text('location'),
    contactEmail: text('contact_email'),
    /**
     * The address the user proved they read (a verification link was opened), lowercased. The user
     * counts as verified while it is their `contact_email` (docs/decisions/120).
     */
    emailVerified: text('email_verified'),
    phone: text('phone'),
    /**
     * A truck's week: the days (0 Sunday … 6 Saturday) it never works, on top of its dated
     * unavailability (docs/decisions/170-truck-availability.md).
     */
    unavailableWeekdays: integer('unavailable_weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * The kinds of mail (src/core/mail-topics.ts) the user turned off; the outbox refuses them
     * (docs/decisions/155). Account mail (reset, confirmation) has no topic and always goes.
     */
    mailOptOuts: text('mail_opt_outs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A truck's sales tax (docs/decisions/189-sales-tax.md): its rate in basis points (825 = 8.25%, 0 by
     * default) and what it applies to, the food and/or the organizer's markup. An event may override the
     * rate (`events.sales_tax_basis_points`).
     */
    salesTaxBasisPoints: integer('sales_tax_basis_points').notNull().default(0),
    salesTaxOnFood: boolean('sales_tax_on_food').notNull().default(true),
    salesTaxOnMarkup: boolean('sales_tax_on_markup').notNull().default(false),
    /**
     * Where a truck's area (`location`) is, in degrees, as the geocoder found it, for the directory's
     * distance filter (docs/decisions/197-truck-distance.md). `area_geocoded_for` is the area text they
     * were looked up for: while it differs from `location` the sweep looks the area up again; when it
     * matches and the coordinates are null, the geocoder knew no such place.
     */
    areaLat: doublePrecision('area_lat'),
    areaLon: doublePrecision('area_lon'),
    areaGeocodedFor: text('area_geocoded_for'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    // "Forgot password?" finds accounts by their address (docs/decisions/120).
    index('users_contact_email_idx').on(sql`lower(trim(${t.contactEmail}))`),
    index('users_profile_image_idx').on(t.profileImageHash),
    // The distance filter's bounding box: a range on latitude, longitude checked in the index.
    index('users_area_coordinates_idx')
      .on(t.areaLat, t.areaLon)
      .where(sql`${t.areaLat} is not null and ${t.role} = 'foodtruck'`),
  ],
);

/**
 * Pictures, stored once per content: the key is the SHA-256 of the re-encoded bytes, so the same
 * picture uploaded twice is one row, and its URL never changes meaning (served as immutable).
 */
export const images = pgTable(
  'images',
  {
    /** Lowercase hex SHA-256 of `bytes`. */
    hash: text('hash').primaryKey(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytes('bytes').notNull(),
    /** Who uploaded it first: their account's caps count it, and it is forgotten once nothing uses it. */
    ownerId: integer('owner_id').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId)],
);

/** Smaller WebP copies of a stored picture, one per width of `IMAGE_VARIANT_WIDTHS` (never upscaled). */
export const imageVariants = pgTable(
  'image_variants',
  {
    hash: text('hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'cascade' }),
    /** The width asked for; the picture is narrower when the original was. */
    width: integer('width').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytes('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
);

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

/** Dates a truck is not available, as inclusive ranges of local dates (decision 170). */
export const truckUnavailability = pgTable(
  'truck_unavailability',
  {
    id: serial('id').primaryKey(),
    truckId: integer('truck_id')
      .notNull()
      .references(() => users.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('truck_unavailability_truck_idx').on(t.truckId, t.endsOn)],
);

/**
 * A rating of a truck after a closed event: by its organizer (one per event) or by a diner whose
 * order was collected (one per order). The truck may answer once; an admin may remove one (decision 171).
 */
export const truckReviews = pgTable(
  'truck_reviews',
  {
    id: serial('id').primaryKey(),
    truckId: integer('truck_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    author: text('author', { enum: ['organizer', 'diner'] }).notNull(),
    /** The diner's order, for a diner's review. */
    orderId: integer('order_id').references((): AnyPgColumn => pendingOrders.id),
    /** The name shown: the diner's first name, or the organizer's. */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    body: text('body'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('truck_reviews_truck_idx').on(t.truckId, t.createdAt),
    uniqueIndex('truck_reviews_order_idx').on(t.orderId),
    uniqueIndex('truck_reviews_organizer_event_idx')
      .on(t.eventId)
      .where(sql`${t.author} = 'organizer'`),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description'),
    price: moneyCents('price').notNull(),
    imageHash: text('image_hash').references(() => images.hash),
    /** Before the image store: a data URL, moved into the store at start (see users.legacyProfileImage). */
    legacyImageUrl: text('image_url'),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** What the item is (core/dietary.ts DIETARY_TAGS) and what it contains (ALLERGENS), decision 172. */
    dietaryTags: text('dietary_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * How many the truck can make for one event; null: no limit. Units are counted in
     * `event_item_stock` by the database's own triggers (docs/decisions/196-stock-per-event.md).
     */
    stockPerEvent: integer('stock_per_event'),
    /**
     * Set when the truck deletes an item that orders or events refer to: it stays for their lines but
     * is gone from every menu, unlike an item merely switched off (isActive false), which the truck
     * can switch on again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('menu_items_truck_idx').on(t.foodTruckId),
    index('menu_items_image_idx').on(t.imageHash),
    // The directory's "offers vegan" filter finds a rare tag's trucks from its items (decision 172).
    index('menu_items_dietary_tags_idx').using('gin', t.dietaryTags),
  ],
);

export const eventMenuItems = pgTable(
  'event_menu_items',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
  },
  (t) => [uniqueIndex('event_menu_items_unique').on(t.eventId, t.menuItemId)],
);

export const pendingOrders = pgTable(
  'pending_orders',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** The diner's note to the truck (at most 200 characters, trimmed), or null. */
    note: text('note'),
    /** The PaymentIntent (mode hold, or the off-session charge of a saved card). */
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** The SetupIntent that saved the card (mode save). */
    stripeSetupIntentId: text('stripe_setup_intent_id'),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    mode: text('mode', { enum: ['hold', 'save'] })
      .notNull()
      .default('hold'),
    /** How the order's PaymentIntent captures: decided once, so a replayed request asks the same. */
    captureMethod: text('capture_method', { enum: ['manual', 'automatic'] })
      .notNull()
      .default('manual'),
    /** sha256 of the checkout request that created it: the same Idempotency-Key with another body is refused. */
    requestHash: text('request_hash'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** What the card pays: food + markup + fee (the lines) + sales tax + tip. */
    totalAmount: moneyCents('total_amount').notNull(),
    /** Food at menu prices: what counts toward the goal. */
    subtotalAmount: moneyCents('subtotal_amount').notNull(),
    /** The sales tax charged on the order, rounded once per order (docs/decisions/189-sales-tax.md); the truck's. */
    taxAmount: moneyCents('tax_amount').notNull().default(0),
    /** The diner's tip for the crew (docs/decisions/188-tips.md): the truck's, never counted toward the goal. */
    tipAmount: moneyCents('tip_amount').notNull().default(0),
    /** The diner's browser session that placed it; with the receipt link, the only keys to it. */
    ownerSessionKey: text('owner_session_key'),
    idempotencyKey: text('idempotency_key'),
    /**
     * A capture claim: who holds it and until when it is theirs (renewed while they work), so two
     * instances never send it at once and a dead instance's claims are taken over within seconds.
     */
    captureClaimedAt: timestamp('capture_claimed_at', { withTimezone: true }),
    captureClaimToken: text('capture_claim_token'),
    captureAttempts: integer('capture_attempts').notNull().default(0),
    failureMessage: text('failure_message'),
    fixPaymentDeadline: timestamp('fix_payment_deadline', { withTimezone: true }),
    /** When the card hold of a cancelled order was released at the provider (null: still to do). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Who asked for the release of a `cancelling` order: the diner, the event (its end or its start), or an unpaid failure. */
    cancelRequestedBy: text('cancel_requested_by', { enum: ['diner', 'event', 'unpaid'] }),
    /** Set when a charge must be given back (why in refundReason); the refund task claims it. */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    refundedAmount: moneyCents('refunded_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Refunds tried so far: each new try after a failed one gets its own key (`refund:<id>:<n>`). */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When the provider last reported a refund of this order failed (null: none did, or it was retried fine). */
    refundFailedAt: timestamp('refund_failed_at', { withTimezone: true }),
    refundFailure: text('refund_failure'),
    /**
     * When the provider had refused the whole refund `REFUND_TRIES` times and it stopped being tried
     * (docs/decisions/213): it waits for an admin, and counts as not refunded meanwhile.
     */
    refundGaveUpAt: timestamp('refund_gave_up_at', { withTimezone: true }),
    /** When an admin closed such a refund without making it (no refund is owed any more). */
    refundSettledAt: timestamp('refund_settled_at', { withTimezone: true }),
    /**
     * The truck's corrections (`order_refunds`) so far, in cents: what was taken off the charge, whether
     * or not the provider has made it yet. Never more than `totalAmount` (checked under the row's lock).
     */
    correctedAmount: moneyCents('corrected_amount').notNull().default(0),
    /**
     * The stale-order sweep's claim: not asked about again before this instant (a backoff per order,
     * doubled with each look, so abandoned checkouts never crowd out the money tasks).
     */
    sweepAfter: timestamp('sweep_after', { withTimezone: true }),
    sweepAttempts: integer('sweep_attempts').notNull().default(0),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * What the diner says at the truck's window: short, unique within the event, given to every order
     * when it is written (a database trigger, docs/decisions/030-pickup-codes.md).
     */
    pickupCode: text('pickup_code'),
    /** After payment, the truck's side: null (being prepared), ready, then collected. */
    fulfilment: text('fulfilment', { enum: FULFILMENT_STATES }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pending_orders_event_status_idx').on(t.eventId, t.status),
    index('pending_orders_owner_idx').on(t.eventId, t.ownerSessionKey),
    // Support looks up a chatting guest's orders by their browser session (decision 158).
    index('pending_orders_owner_session_idx').on(t.ownerSessionKey),
    index('pending_orders_refund_gave_up_idx')
      .on(t.refundGaveUpAt)
      .where(sql`${t.refundGaveUpAt} is not null and ${t.refundSettledAt} is null`),
    index('pending_orders_refund_due_idx')
      .on(t.refundDueAt)
      .where(sql`${t.refundDueAt} is not null and ${t.refundedAt} is null`),
    uniqueIndex('pending_orders_pickup_code_idx').on(t.eventId, t.pickupCode),
    uniqueIndex('pending_orders_idempotency_idx').on(t.eventId, t.idempotencyKey),
    uniqueIndex('pending_orders_intent_idx').on(t.stripePaymentIntentId),
    // An event's orders a page at a time, and its CSV a batch at a time, by id (decision 162).
    index('pending_orders_event_id_idx').on(t.eventId, t.id),
    // The notes of an event's orders for the truck's prep list: only the orders that have one (decision 200).
    index('pending_orders_event_notes_idx')
      .on(t.eventId, t.id)
      .where(sql`${t.note} is not null`),
    // The stale-order sweep reads only the orders due now, one index per kind of due (decision 162):
    // checkouts never paid, holds about to lapse, failed payments not fixed in time.
    index('pending_orders_stale_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    index('pending_orders_stale_hold_idx')
      .on(t.authorizedAt)
      .where(sql`${t.status} = 'confirmed' and ${t.mode} = 'hold'`),
    index('pending_orders_unfixed_idx')
      .on(t.fixPaymentDeadline)
      .where(sql`${t.status} = 'failed'`),
    // Holds being released, which the reconciler asks the provider about again each pass (decision 205):
    // without it, finding none meant reading the whole (event, status) index, 40 ms a pass at 100×.
    index('pending_orders_cancelling_idx')
      .on(t.id)
      .where(sql`${t.status} = 'cancelling'`),
    // Checkouts still open (never paid, or a failed card not fixed), which the event's start ends.
    index('pending_orders_open_checkout_idx')
      .on(t.eventId)
      .where(sql`${t.status} in ('pending', 'failed')`),
  ],
);

/**
 * The truck's corrections of a charged order (docs/decisions/135-order-corrections.md): one row per
 * refund, whole or partial, with its reason. Written with the order's new `correctedAmount` and the
 * diner's mail in one transaction; the money lane's `refund-corrections` asks the provider for it once,
 * with the key `correction:<id>` (`correction:<id>:<n>` after n failed tries).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => pendingOrders.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    amount: moneyCents('amount').notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').references(() => users.id),
    /** When the provider should be asked (now, or after a backoff once a try failed). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failure: text('failure'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * When the provider had refused it `REFUND_TRIES` times and it stopped being tried (decision 213):
     * one final state, shown to admins until one settles it.
     */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    /** How an admin settled it: refunded another way (counts as refunded), or closed (no refund owed). */
    settlement: text('settlement', { enum: ['refunded_elsewhere', 'close'] }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: integer('settled_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_gave_up_idx')
      .on(t.gaveUpAt)
      .where(sql`${t.gaveUpAt} is not null and ${t.settledAt} is null`),
    index('order_refunds_event_idx').on(t.eventId),
    index('order_refunds_due_idx')
      .on(t.dueAt)
      .where(sql`${t.refundedAt} is null`),
  ],
);

export const pendingOrderItems = pgTable(
  'pending_order_items',
  {
    id: serial('id').primaryKey(),
    pendingOrderId: integer('pending_order_id')
      .notNull()
      .references(() => pendingOrders.id),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
    quantity: integer('quantity').notNull(),
    /** The diner's unit price at the time (with markup and fee). */
    priceAtTime: moneyCents('price_at_time').notNull(),
    /** The truck's menu price at the time. */
    basePriceAtTime: moneyCents('base_price_at_time').notNull(),
  },
  (t) => [index('pending_order_items_order_idx').on(t.pendingOrderId)],
);

/**
 * Units of a stock-limited menu item that an event's live orders hold (pending, confirmed, charged or
 * failed, and not owed back). Written only by triggers (migration stock-per-event): an order line
 * takes units, refusing with `stock_exhausted` past the item's `stock_per_event`, and an order that
 * stops holding gives its units back. The row is also the lock that serializes the last units.
 */
export const eventItemStock = pgTable(
  'event_item_stock',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
    held: integer('held').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.menuItemId] })],
);

/**
 * How many of an event's orders are in each tally (docs/decisions/200-order-totals-kept-as-counters.md):
 * `counted` held or charged and not owed back (what the organizer's totals count), `owed_back` held or
 * charged but owed back, `collected` held or charged and handed over. Written only by triggers
 * (migration order-tallies), so every writer of orders keeps them exact; read instead of counting
 * the event's orders. `collected` is its own row so the truck's window never waits on the sales' row.
 */
export const eventOrderCounts = pgTable(
  'event_order_counts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    kind: text('kind', { enum: ['counted', 'owed_back', 'collected'] }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.kind] })],
);

/**
 * The quantities an event's held or charged orders hold, per item and pair of prices, apart for the
 * orders owed back: the organizer's totals (each pair split as diners were shown) and the truck's prep
 * list, without reading the orders. Written only by triggers, like `event_order_counts`.
 */
export const eventLineTallies = pgTable(
  'event_line_tallies',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    owedBack: boolean('owed_back').notNull(),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
    basePriceAtTime: moneyCents('base_price_at_time').notNull(),
    priceAtTime: moneyCents('price_at_time').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.eventId, t.owedBack, t.menuItemId, t.basePriceAtTime, t.priceAtTime],
    }),
  ],
);

/** Every status change of an event or order, with when and why. */
export const statusTransitions = pgTable(
  'status_transitions',
  {
    id: serial('id').primaryKey(),
    entity: text('entity', { enum: ['event', 'order'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_transitions_entity_idx').on(t.entity, t.entityId)],
);

export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: false }).notNull(),
  },
  (t) => [
    index('IDX_session_expire').on(t.expire),
    // A password change or reset ends every session of its user.
    index('session_user_idx').on(sql`((${t.sess} ->> 'userId'))`),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ['password-reset', 'email-verification'] as const;

/**
 * Single-use tokens of mailed links (password reset, e-mail verification). Only the SHA-256 of the
 * token is kept, so a copy of this table opens nothing (docs/decisions/120).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was mailed to. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

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

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    /** `user:<id>` for a signed-in visitor, `guest:<random>` for a guest's browser. */
    visitorKey: text('visitor_key').notNull(),
    userId: integer('user_id').references(() => users.id),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_visitor_idx').on(t.visitorKey)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    type: text('type', { enum: ['message', 'system'] })
      .notNull()
      .default('message'),
    text: text('text').notNull(),
    sender: text('sender').notNull(),
    senderRole: text('sender_role', { enum: ['visitor', 'admin', 'system'] }).notNull(),
    replyTo: text('reply_to'),
    /** The path of the page a visitor wrote from (the monitor shows it; decision 158). */
    page: text('page'),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.timestamp)],
);

/** Live socket counts per app instance, so activeConnections counts all of them. */
export const chatPresence = pgTable('chat_presence', {
  instanceId: text('instance_id').primaryKey(),
  connections: integer('connections').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tourProgress = pgTable('tour_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  active: boolean('active').notNull().default(false),
  currentStep: integer('current_step').notNull().default(0),
  points: integer('points').notNull().default(0),
  badges: jsonb('badges').$type<string[]>().notNull().default([]),
  completed: boolean('completed').notNull().default(false),
  updatedAt: updatedAt(),
});

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
    destination: text('destination').notNull(),
    transferGroup: text('transfer_group'),
    sourceTransaction: text('source_transaction'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('simulator_transfers_destination_idx').on(t.destination)],
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
