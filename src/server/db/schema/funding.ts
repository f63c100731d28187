import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyCents, createdAt } from './columns';
import { events } from './events';
import { images } from './images';

/**
 * An organizer's promo codes (docs/decisions/222-promo-codes.md): a discount taken from the
 * organizer's markup only. `uses` is what live orders hold, taken and given back by the database's
 * triggers as stock is (migration funding-codes-gifts), so `max_uses` holds under any race.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Upper case, as typed by the organizer; a diner's code is matched in any case. */
    code: text('code').notNull(),
    /** 1 to 100, or null when the code takes an amount off. */
    percentOff: integer('percent_off'),
    amountOffCents: moneyCents('amount_off_cents'),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    /** Orders that hold a use now (a checkout under way, a held or saved card, a charge). */
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** False once the organizer switched it off. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_event_code_idx').on(t.eventId, t.code)],
);

/**
 * Sponsors named on an event's page (docs/decisions/223-gifts-and-sponsors.md): one that came with a
 * gift (`order_id`, shown once that order is charged) or one the organizer added who paid outside
 * the app (no order, no money). The organizer may hide either.
 */
export const eventSponsors = pgTable(
  'event_sponsors',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The gift's order; null for a sponsor the organizer added. */
    orderId: integer('order_id'),
    name: text('name').notNull(),
    url: text('url'),
    logoHash: text('logo_hash').references(() => images.hash),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_sponsors_event_idx').on(t.eventId, t.id),
    uniqueIndex('event_sponsors_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('event_sponsors_logo_idx').on(t.logoHash),
  ],
);
