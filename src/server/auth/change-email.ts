import { eq } from 'drizzle-orm';
import type { ChangeEmailRequest } from '../../core/schemas/auth';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { checkCurrentPassword } from './change-password';
import { recordEmailChange } from './email-verification';
import type { SessionUser } from './sessions';

export const SAME_EMAIL = 'This is already the address of your account';

/**
 * The Account page's e-mail address (docs/decisions/120). The password is asked because the address
 * is where reset links go: a borrowed session must not be able to redirect them. The new address
 * is unconfirmed until its link is opened; the old one is told of the change.
 */
export async function changeEmail(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  user: SessionUser,
  input: ChangeEmailRequest,
): Promise<SessionUser> {
  const now = ctx.now();
  await checkCurrentPassword(ctx, user, input.currentPassword, now);
  const email = input.email.trim();
  if (user.contactEmail?.trim().toLowerCase() === email.toLowerCase())
    throw new DomainError('email_unchanged', SAME_EMAIL, { fields: { email: SAME_EMAIL } });
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ contactEmail: email, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await recordEmailChange(tx, ctx, user, updated!, now);
    return updated!;
  });
}
