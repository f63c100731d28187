import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

/**
 * Makes sure an admin with this username exists, with this password. Admins are never
 * self-registered (spec section 6); this and `npm run create-admin` are the only ways in.
 */
export async function ensureAdmin(
  db: DbOrTx,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, role: 'admin', updatedAt: new Date() })
      .where(sql`${users.id} = ${existing.id}`);
    return 'updated';
  }
  await db.insert(users).values({ username, passwordHash, role: 'admin' });
  return 'created';
}
