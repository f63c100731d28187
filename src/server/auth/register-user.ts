import { eq } from 'drizzle-orm';
import { normalizeUsername, type RegisterRequest, type UserRole } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { conflict, isUniqueViolation } from '../http/errors';
import { hashPassword } from './passwords';

export const USERNAME_TAKEN = 'Username already exists';

export async function registerUser(db: DbOrTx, input: Omit<RegisterRequest, 'role'> & { role: UserRole }) {
  const usernameKey = normalizeUsername(input.username);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, usernameKey));
  if (taken) throw conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username,
        usernameKey,
        passwordHash,
        role: input.role,
        contactEmail: input.email ?? null,
      })
      .returning();
    return user!;
  } catch (error) {
    // Two registrations of one name at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}
