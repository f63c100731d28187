import { type AnyPgColumn, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytes, createdAt } from './columns';
import { users } from './accounts';

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
