import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DomainError } from '../domain-error';
import { decodeCursor, encodeCursor, ISO_MICROSECONDS, type PagePosition } from '../http/page-cursor';

/**
 * Keyset paging on `(instant, id)`, never OFFSET (docs/decisions/177-own-lists-paged-by-cursor.md): the
 * pieces every such list writes the same way, so a cursor means one thing in all of them.
 */

/** What a caller asks of a paged list: how many rows a page holds, and where the last page ended. */
export interface PageRequest {
  cursor?: string;
  limit: number;
}

/**
 * The refusal of a page cursor that names no position of the list it was sent to (altered, truncated
 * or of another list): the same 400 in every paged list that reads its own cursors.
 */
export function invalidPageCursor(): DomainError {
  return new DomainError(
    'page_cursor_invalid',
    'That page link is not valid; start again from the first page',
    {
      fields: { cursor: 'That page link is not valid' },
    },
  );
}

/** An instant column as the cursor keeps it: ISO text to the microsecond (a Date would round it). */
export const cursorKey = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', ${ISO_MICROSECONDS})`;

/**
 * The rows past a position in a list ordered by `(column, id)`: after it going up (`'>'`), before it
 * going down (`'<'`). Written as a row comparison, so an index on `(column, id)` serves it.
 */
export function pastPosition(column: PgColumn, id: PgColumn, after: PagePosition, direction: '<' | '>'): SQL {
  return sql`(${column}, ${id}) ${sql.raw(direction)} (${after.at}::timestamptz, ${after.id})`;
}

/**
 * The page among rows read one past the page's size (the extra row says another page follows), with
 * the cursor of the next page, or null on the last one.
 */
export function pageOfRows<Row>(
  rows: Row[],
  limit: number,
  positionOf: (last: Row) => PagePosition,
): { rows: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}

/**
 * One page of a list: `read` gets where the last page ended (null on the first; a bad cursor is a 400)
 * and how many rows to read.
 */
export async function readKeysetPage<Row>(
  page: PageRequest,
  read: (after: PagePosition | null, take: number) => Promise<Row[]>,
  positionOf: (last: Row) => PagePosition,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  return pageOfRows(await read(after, page.limit + 1), page.limit, positionOf);
}
