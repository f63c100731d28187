import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@core/schemas/auth';
import { moneyCents, createdAt, updatedAt } from './columns';
import { images } from './images';

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
     * The language the person chose (`en`, `es`; decision 228): their screens, and the mails sent to
     * their account. Null until they choose: the browser's languages decide meanwhile.
     */
    language: text('language'),
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
     * A truck's currency (ISO 4217, src/core/currency.ts): set once, fixed once it has an event; its
     * menu prices and minimum are in its minor units (docs/decisions/230-a-truck-sells-in-one-currency.md).
     */
    currency: text('currency').notNull().default('USD'),
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
