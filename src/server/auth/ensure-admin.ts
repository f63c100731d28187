import { eq, sql } from 'drizzle-orm';
import { newPasswordSchema, normalizeUsername } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { resetRateLimit } from '../http/rate-limit';
import { revokeAccountTokens } from './account-tokens';
import { assertPasswordAcceptable } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { announceSessionEnded } from './session-events';
import { endUserSessions } from './sessions';
import { backfillUsernameKeys } from './username-keys';

/**
 * Makes sure an admin with this username exists, with this password. Admins are never
 * self-registered; this and `npm run create-admin` are the only ways in, and neither takes a
 * password the registration form would refuse (docs/decisions/120).
 *
 * It is also the operator's reset of an admin's password (decision 211): an admin without a
 * confirmed address gets no reset link, so the operator runs `npm run create-admin` with a new
 * password. A new password ends every session of the account (whoever held one is out), retires its
 * reset links and lifts its failed-login wait; the same password again (ADMIN_PASSWORD at every
 * start) changes nothing and ends nothing.
 */
export async function ensureAdmin(
  db: DbOrTx,
  username: string,
  password: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const rules = newPasswordSchema.safeParse(password);
  if (!rules.success) throw new Error(`The admin password is refused: ${rules.error.issues[0]!.message}`);
  try {
    await assertPasswordAcceptable(password, { username, field: 'password' });
  } catch (error) {
    throw new Error(`The admin password is refused: ${(error as Error).message}`);
  }
  await backfillUsernameKeys(db);
  const usernameKey = normalizeUsername(username);
  const [existing] = await db.select().from(users).where(eq(users.usernameKey, usernameKey));
  if (existing) {
    const samePassword = await verifyPassword(existing.passwordHash, password);
    if (samePassword && existing.role === 'admin') return 'unchanged';
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(samePassword ? {} : { passwordHash: await hashPassword(password) }),
          role: 'admin',
          updatedAt: now,
        })
        .where(sql`${users.id} = ${existing.id}`);
      if (!samePassword) {
        await endUserSessions(tx, existing.id);
        await revokeAccountTokens(tx, existing.id, 'password-reset', now);
        await resetRateLimit(tx, `login:user:${usernameKey}`);
      }
      // A new role: sockets opened under the old one must not keep it (docs/decisions/023).
      if (existing.role !== 'admin') await announceSessionEnded(tx, { userId: existing.id });
    });
    return 'updated';
  }
  await db
    .insert(users)
    .values({ username, usernameKey, passwordHash: await hashPassword(password), role: 'admin' });
  return 'created';
}
