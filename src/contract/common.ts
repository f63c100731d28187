import { z } from '../core/schemas/zod-messages';

/**
 * Shapes every answer shares. Money crosses the API as a two-decimal string ("12.50"), instants as
 * ISO 8601 strings in UTC; ids are positive integers.
 */
export const moneySchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'An amount in US dollars with two decimals, e.g. "12.50"', example: '12.50' });

export const instantSchema = z.iso.datetime().meta({ description: 'An instant, ISO 8601 in UTC' });

export const idValueSchema = z.number().int().positive();

/** Every failure: a sentence to show a person, and per-field messages for a form when there are any. */
export const errorSchema = z
  .looseObject({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** A confirmation sentence and nothing else. */
export const messageSchema = z.object({ message: z.string() });

/** The failures any route may answer (bad input, not signed in, not allowed, not found, conflict, too many). */
export const errorResponses = { '4xx': errorSchema } as const;

/** Bytes that aren't text (a picture): documented as binary, sent as a Buffer. */
const binarySchema = z.any().meta({ type: 'string', format: 'binary' });

/** A body that isn't JSON: a file download, a picture or a page. */
export function fileResponse(contentType: string, description: string) {
  const schema = contentType.startsWith('text/') ? z.string() : binarySchema;
  return { description, content: { [contentType]: { schema } } };
}

/** A redirect: no body, the Location header says where. */
export const redirectResponse = z.null().meta({ description: 'A redirect (see the Location header)' });

/** Where the previous page of a cursor list ended (its `nextCursor`); none: the first page. */
export const cursorSchema = z.string().max(200, 'That page link is not valid').optional();

/**
 * A page of a list paged by cursor: its items under their own name (`key`), and `nextCursor`, to pass
 * as `cursor` for the next page, null on the last.
 */
export function cursorPageSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  // An object built with a computed key is typed by a plain record: this says which key it has.
  const items = { [key]: item.array() } as { [K in Key]: z.ZodArray<Item> };
  return z.object({ ...items, nextCursor: z.string().nullable() });
}

/**
 * The query of a list paged by cursor: `cursor` is the `nextCursor` of the page before, `limit` the
 * page's size, `pageSize` unless asked, at most `maxPageSize` (docs/decisions/177-own-lists-paged-by-cursor.md).
 */
export function cursorPageQuery(pageSize: number, maxPageSize: number) {
  return {
    cursor: cursorSchema,
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxPageSize, `limit must be at most ${maxPageSize}`)
      .default(pageSize),
  };
}
