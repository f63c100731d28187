import { eq, sql } from 'drizzle-orm';
import { newPasswordSchema, normalizeUsername } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { assertPasswordAcceptable } from './password-policy';
import { hashPassword } from './passwords';
import { announceSessionEnded } from './session-events';
import { backfillUsernameKeys } from './username-keys';

/**
 * Makes sure an admin with this username exists, with this password. Admins are never
 * self-registered; this and `npm run create-admin` are the only ways in, and neither takes a
 * password the registration form would refuse (docs/decisions/120).
 */
export async function ensureAdmin(
  db: DbOrTx,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const rules = newPasswordSchema.safeParse(password);
  if (!rules.success) throw new Error(`The admin password is refused: ${rules.error.issues[0]!.message}`);
  try {
    await assertPasswordAcceptable(password, { username, field: 'password' });
  } catch (error) {
    throw new Error(`The admin password is refused: ${(error as Error).message}`);
  }
  await backfillUsernameKeys(db);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(users.usernameKey, normalizeUsername(username)));
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, role: 'admin', updatedAt: new Date() })
      .where(sql`${users.id} = ${existing.id}`);
    // A new role: sockets opened under the old one must not keep it (docs/decisions/023).
    if (existing.role !== 'admin') await announceSessionEnded(db, { userId: existing.id });
    return 'updated';
  }
  await db
    .insert(users)
    .values({ username, usernameKey: normalizeUsername(username), passwordHash, role: 'admin' });
  return 'created';
}
