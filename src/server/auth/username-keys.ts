import { asc, eq, isNull } from 'drizzle-orm';
import { normalizeUsername } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

/**
 * Fills `username_key` for rows written before it existed. Runs at start on every instance (a no-op
 * once done). Two old names that fold to one key: the older account keeps it; the newer one gets
 * `<key>#<id>` and signs in only after an admin renames it (docs/decisions/022-login-throttling.md).
 */
export async function backfillUsernameKeys(db: DbOrTx): Promise<{ filled: number; clashes: number }> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.usernameKey))
    .orderBy(asc(users.id));
  let clashes = 0;
  for (const row of rows) {
    const key = normalizeUsername(row.username);
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, row.id));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      clashes++;
      await db
        .update(users)
        .set({ usernameKey: `${key}#${row.id}` })
        .where(eq(users.id, row.id));
    }
  }
  return { filled: rows.length, clashes };
}
