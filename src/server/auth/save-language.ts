import { eq } from 'drizzle-orm';
import type { Language } from '../../core/language';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from './sessions';

/** The person's chosen language, kept on their account: their screens and the mails to it (decision 228). */
export async function saveLanguage(
  db: Db,
  user: SessionUser,
  language: Language,
  now: Date,
): Promise<SessionUser> {
  const [updated] = await db
    .update(users)
    .set({ language, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}
