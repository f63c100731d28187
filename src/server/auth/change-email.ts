import { eq } from 'drizzle-orm';
import type { ChangeEmailRequest } from '../../core/schemas/auth';
import { movesContactEmail, PASSWORD_FOR_NEW_EMAIL } from '../../core/schemas/profile';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { checkCurrentPassword } from './change-password';
import { recordEmailChange } from './email-verification';
import type { SessionUser } from './sessions';

export const SAME_EMAIL = 'This is already the address of your account';

/** Whether `next` moves the address recovery mail goes to (`undefined`: left as it is). */
export function movesRecoveryAddress(
  user: Pick<SessionUser, 'contactEmail'>,
  next: string | null | undefined,
): boolean {
  return movesContactEmail(user.contactEmail, next);
}

/**
 * Every route that can move the address reset links go to asks for the current password first
 * (decision 211): a session alone (a borrowed laptop, a stolen cookie) must not be able to send the
 * account's recovery mail elsewhere and then reset the password. Nothing is asked when the address
 * stays. Wrong answers count towards the same five-per-15-minutes as a password change.
 */
export async function assertMayMoveRecoveryAddress(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  next: string | null | undefined,
  currentPassword: string | undefined,
  now: Date,
): Promise<void> {
  if (!movesRecoveryAddress(user, next)) return;
  if (!currentPassword)
    throw new DomainError('current_password_required', PASSWORD_FOR_NEW_EMAIL, {
      fields: { currentPassword: PASSWORD_FOR_NEW_EMAIL },
    });
  await checkCurrentPassword(ctx, user, currentPassword, now);
}

/**
 * The Account page's e-mail address (docs/decisions/120, 211). The password is asked because the
 * address is where reset links go: a borrowed session must not be able to redirect them. The new
 * address is unconfirmed until its link is opened; the old one is told of the change, and every reset
 * link already sent stops working.
 */
export async function changeEmail(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  user: SessionUser,
  input: ChangeEmailRequest,
): Promise<SessionUser> {
  const now = ctx.now();
  await checkCurrentPassword(ctx, user, input.currentPassword, now);
  const email = input.email.trim();
  if (!movesRecoveryAddress(user, email))
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
