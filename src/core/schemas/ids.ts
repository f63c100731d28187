import { z } from './zod-messages';

/** Every table's key is a PostgreSQL `integer`: anything above this would fail in the database. */
export const MAX_ID = 2_147_483_647;
export const INVALID_ID = 'Not a valid id';

/** An id in a JSON body: a positive 32-bit integer. */
export const idSchema = z
  .number({ error: INVALID_ID })
  .int(INVALID_ID)
  .positive(INVALID_ID)
  .max(MAX_ID, INVALID_ID);

/**
 * An id in a path or query string, where it arrives as text. Digits only: `1e3`, ` 7` or `0x10` are
 * not ids even though Number() would read them. The API's description calls it what a client sends, a
 * positive integer (so the generated client takes a number), rather than the text it is parsed from.
 */
export const idParamSchema = z
  .string({ error: INVALID_ID })
  .regex(/^[0-9]{1,10}$/, INVALID_ID)
  .transform(Number)
  .pipe(idSchema)
  .meta({ type: 'integer', minimum: 1, maximum: MAX_ID, pattern: undefined });

/** `{ [name]: id }` for a route's params. */
export function idParams<const K extends string>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((n) => [n, idParamSchema])) as Record<K, typeof idParamSchema>,
  );
}
