import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { moneyCents, createdAt } from './columns';
import { users } from './accounts';
import { events } from './events';
import { images } from './images';
import { pendingOrders } from './orders';

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
