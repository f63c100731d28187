import { badRequest } from './errors';

/**
 * Where a page of a list ended: the last row's sort instant and id (keyset paging, never OFFSET). The
 * instant is ISO text, to the microsecond when it comes from the database (`now()` has microseconds a
 * JavaScript Date would round away, and a rounded key skips rows).
 */
export interface PagePosition {
  at: string;
  id: number;
  /** Which part of a list made of parts the position is in (the truck's bookings: upcoming, then past). */
  part?: string;
}

/** An instant column as ISO text to the microsecond, for a cursor. */
export const ISO_MICROSECONDS = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;

/** The cursor is opaque to callers: the position in base64url. */
export function encodeCursor(position: PagePosition): string {
  const key = position.part ? [position.at, position.id, position.part] : [position.at, position.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The position a cursor names, or a 400 that says to start again from the first page. */
export function decodeCursor(cursor: string): PagePosition {
  try {
    const [at, id, part, ...rest] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      rest.length === 0 &&
      (part === undefined || (typeof part === 'string' && /^[a-z]{1,10}$/.test(part))) &&
      typeof at === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(at) &&
      !isNaN(new Date(at).getTime()) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    ) {
      return part === undefined ? { at, id: id as number } : { at, id: id as number, part };
    }
  } catch {
    // falls through to the same answer as any other nonsense
  }
  throw badRequest(
    'That page link is not valid; start again from the first page',
    { cursor: 'That page link is not valid' },
    'page_cursor_invalid',
  );
}

/** A cursor on ids alone, for lists ordered by id: where the page ended. */
export function encodeIdCursor(id: number): string {
  return Buffer.from(JSON.stringify([id])).toString('base64url');
}

export function decodeIdCursor(cursor: string): number {
  try {
    const [id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown];
    if (Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647)
      return id as number;
  } catch {
    // the same answer as any other nonsense
  }
  throw badRequest(
    'That page link is not valid; start again from the first page',
    { cursor: 'That page link is not valid' },
    'page_cursor_invalid',
  );
}
