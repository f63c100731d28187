import { eq } from 'drizzle-orm';
import type { ChangePasswordRequest } from '../../core/schemas/auth';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { overLimitError, hitRateLimit, resetRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { passwordChangedMail } from './account-mail';
import { revokeAccountTokens } from './account-tokens';
import { assertPasswordAcceptable } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { endUserSessions, type SessionUser } from './sessions';

export const WRONG_CURRENT_PASSWORD = 'Incorrect current password';
export const SAME_PASSWORD = 'Your new password must be different from the current one';
/** Wrong current passwords one account may give per 15 minutes: a borrowed session guesses no further. */
export const CURRENT_PASSWORD_GUESSES = 5;
const GUESS_WINDOW_MS = 15 * 60 * 1000;

/**
 * What a change of password or of e-mail address asks first: the current password. Wrong answers
 * are counted per account, before the check (so parallel guesses can't slip in under one count),
 * and the count is cleared by a right one.
 */
export async function checkCurrentPassword(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  password: string,
  now: Date,
): Promise<void> {
  const guessKey = `password-change:user:${user.id}`;
  const guesses = await hitRateLimit(ctx.db, guessKey, GUESS_WINDOW_MS, now);
  if (guesses.count > CURRENT_PASSWORD_GUESSES)
    throw overLimitError(
      'password_attempts_exceeded',
      guesses,
      now,
      (wait) => `Too many wrong passwords. ${wait}`,
    );
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new DomainError('current_password_wrong', WRONG_CURRENT_PASSWORD, {
      fields: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
  await resetRateLimit(ctx.db, guessKey);
}

/**
 * A signed-in user changes their password: the current one is required, the new one follows the
 * rules of registration, and every other session of the user ends (docs/decisions/120). The caller
 * keeps its own session (the route gives it a new id). Returns how many other sessions ended.
 */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  user: SessionUser,
  input: ChangePasswordRequest,
  currentSid: string,
): Promise<number> {
  const now = ctx.now();
  await checkCurrentPassword(ctx, user, input.currentPassword, now);
  if (input.newPassword === input.currentPassword)
    throw new DomainError('password_unchanged', SAME_PASSWORD, { fields: { newPassword: SAME_PASSWORD } });
  await assertPasswordAcceptable(input.newPassword, { username: user.username, field: 'newPassword' });

  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAccountTokens(tx, user.id, 'password-reset', now);
    const ended = await endUserSessions(tx, user.id, currentSid);
    if (user.contactEmail)
      await enqueueMail(
        tx,
        passwordChangedMail(
          { to: user.contactEmail, username: user.username, language: user.language },
          publicBaseUrl(ctx.config),
        ),
      );
    return ended;
  });
}
