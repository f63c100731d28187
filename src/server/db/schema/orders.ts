import { sql } from 'drizzle-orm';
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
import { FULFILMENT_STATES } from '@core/fulfilment';
import { ORDER_STATUSES } from '@core/order-status';
import { moneyCents, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { events } from './events';
import { menuItems } from './trucks';

export const pendingOrders = pgTable(
  'pending_orders',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** The language of the checkout (decision 228): every mail to this diner is written in it. */
    language: text('language').notNull().default('en'),
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
    /** The event's currency (ISO 4217): every amount of the order, its hold, charge and refunds are in it. */
    currency: text('currency').notNull().default('USD'),
    /** The promo code's discount (decision 222): taken off the organizer's markup only, at most all of it. */
    discountAmount: moneyCents('discount_amount').notNull().default(0),
    /** The promo code the order holds a use of (`promo_codes`, given back when the order stops holding). */
    promoCodeId: integer('promo_code_id'),
    /** A gift to the event's cause (decision 223): the organizer's, never counted toward the goal. */
    donationAmount: moneyCents('donation_amount').notNull().default(0),
    /** The platform's fee on the gift, added on top, so the cause receives the whole gift. */
    donationFeeAmount: moneyCents('donation_fee_amount').notNull().default(0),
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
