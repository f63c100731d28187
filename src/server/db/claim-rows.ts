import { inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table whose rows are claimed by id. */
export type ClaimableTable = PgTable & { id: AnyPgColumn };

/** A row no instance holds: never claimed, or its claim's lease (`leaseMs`) lapsed (its holder died). */
export function unclaimed(claimedAt: AnyPgColumn, now: Date, leaseMs: number): SQL | undefined {
  return or(isNull(claimedAt), lt(claimedAt, new Date(now.getTime() - leaseMs)));
}

/**
 * Claims up to `due.limit` due rows of a table for this instance in one statement, for the reconciler's
 * tasks: the due rows are picked `FOR UPDATE SKIP LOCKED` (two instances never claim one row, and
 * neither waits for the other) and stamped with `stamp` (the claim's time, the next look), and come back
 * as the stamp left them.
 */
export async function claimRows<T extends ClaimableTable>(
  db: DbOrTx,
  table: T,
  due: { where: SQL | undefined; orderBy: Array<SQL | AnyPgColumn>; limit: number },
  stamp: PgUpdateSetSource<T>,
): Promise<Array<T['$inferSelect']>> {
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(due.where)
    .orderBy(...due.orderBy)
    .limit(due.limit)
    .for('update', { skipLocked: true });
  return (await db.update(table).set(stamp).where(inArray(table.id, ids)).returning()) as Array<
    T['$inferSelect']
  >;
}
