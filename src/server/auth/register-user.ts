import { eq } from 'drizzle-orm';
import { normalizeUsername, type RegisterRequest, type UserRole } from '../../core/schemas/auth';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { isUniqueViolation } from '../db/unique-violation';
import { queueVerificationMail } from './email-verification';
import { assertPasswordAcceptable } from './password-policy';
import { hashPassword } from './passwords';

export const USERNAME_TAKEN = 'Username already exists';

/** A new account; with an e-mail address, a link to confirm it goes out with it (docs/decisions/120). */
export async function registerUser(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  input: Omit<RegisterRequest, 'role'> & { role: UserRole },
) {
  const usernameKey = normalizeUsername(input.username);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, usernameKey));
  if (taken) throw new DomainError('username_taken', USERNAME_TAKEN);
  await assertPasswordAcceptable(input.password, { username: input.username, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          usernameKey,
          passwordHash,
          role: input.role,
          contactEmail: input.email ?? null,
        })
        .returning();
      await queueVerificationMail(tx, ctx, user!, now);
      return user!;
    });
  } catch (error) {
    // Two registrations of one name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('username_taken', USERNAME_TAKEN);
    throw error;
  }
}
