import { z } from '../core/schemas/zod-messages';
import { CURRENCIES } from '../core/currency';
import { API_ERROR_CODES, HTTP_ERROR_CODES } from './error-codes';

/**
 * Shapes every answer shares. Money crosses the API as a decimal string in its currency's decimals
 * ("12.50" in USD or EUR, "1500" in JPY; the `currency` beside it says which), instants as ISO 8601
 * strings in UTC; ids are positive integers.
 */
export const moneySchema = z
  .string()
  .regex(/^-?\d+(\.\d{2})?$/)
  .meta({
    description:
      "An amount in the currency of the answer it is in (its `currency`), with that currency's decimals: " +
      '"12.50" in USD, CAD, EUR, GBP or MXN, "1500" in JPY',
    example: '12.50',
  });

/** A currency the app sells in (ISO 4217): a truck's, and so its events', orders' and payouts'. */
export const currencySchema = z.enum(CURRENCIES).meta({
  id: 'Currency',
  description: 'ISO 4217; amounts beside it are in its decimals (none for JPY)',
  example: 'USD',
});

export const instantSchema = z.iso.datetime().meta({ description: 'An instant, ISO 8601 in UTC' });

export const idValueSchema = z.number().int().positive();

/** The failures of HTTP itself, one line each in the description of `ErrorCode`. */
const HTTP_FAILURES = Object.entries(HTTP_ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\` — ${meaning}`)
  .join('\n');

/** What a client decides by: a stable name for each kind of failure (src/contract/error-codes.ts). */
export const errorCodeSchema = z.enum(API_ERROR_CODES).meta({
  id: 'ErrorCode',
  description: [
    'A stable name for the failure, for a client to decide by; the message beside it may be reworded',
    'at any time, and codes are only ever added. A refusal of the domain is named by the domain',
    `(\`event_not_taking_orders\`, \`truck_not_found\`); the failures of HTTP itself are:\n\n${HTTP_FAILURES}`,
  ].join(' '),
});

/**
 * Every failure: its code, a sentence to show a person, and per-field messages for a form when there
 * are any.
 */
export const errorSchema = z
  .looseObject({
    code: errorCodeSchema,
    message: z.string().meta({ description: 'Said to a person; never compared by a client' }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'The sentence to show beside each refused field, by its path' }),
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
