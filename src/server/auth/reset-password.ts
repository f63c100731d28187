import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { normalizeUsername, type PasswordReset } from '../../core/schemas/auth';
import type { AppContext } from '../context';
import { accountTokens, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { overLimitError, hitRateLimit, resetRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { emailKey } from './email-verification';
import { passwordChangedMail, passwordResetMail } from './account-mail';
import {
  consumeAccountToken,
  hashAccountToken,
  issueAccountToken,
  revokeAccountTokens,
} from './account-tokens';
import { assertPasswordAcceptable } from './password-policy';
import { hashPassword } from './passwords';
import { endUserSessions } from './sessions';

const HOUR = 60 * 60 * 1000;
/** Reset requests one network address may make per hour (answered 429 past it). */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset mails one account receives per hour; past it requests are answered alike and mail nothing. */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Accounts one request may reach through a shared e-mail address. */
const ACCOUNTS_PER_ADDRESS = 5;

/* The answer is the same whether or not anything matched (server:messages.resetRequested): the form tells
   nobody which accounts exist. */
export const RESET_LINK_INVALID =
  'This reset link has expired or was already used. Please ask for a new one.';

/**
 * "Forgot password?": mails a single-use link, valid 1 hour, to the confirmed address of every account
 * whose username or confirmed e-mail address is `login` (docs/decisions/120, 211). Throttled per network address (429)
 * and per account (silently, so the answer never says whether the account exists).
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  login: string,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  const perAddress = await hitRateLimit(ctx.db, `password-reset:ip:${ip}`, HOUR, now);
  if (perAddress.count > RESET_REQUESTS_PER_ADDRESS)
    throw overLimitError(
      'reset_requests_exceeded',
      perAddress,
      now,
      (wait) => `Too many password reset requests from your network. ${wait}`,
    );
  // Only a confirmed address gets a link (decision 211): one that was typed into a profile, by its
  // owner or by someone holding their session, has not shown that the account's owner reads it.
  const key = login.trim().toLowerCase();
  const confirmed = sql`${users.emailVerified} is not null and lower(trim(${users.contactEmail})) = ${users.emailVerified}`;
  const matches = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      contactEmail: users.contactEmail,
      language: users.language,
    })
    .from(users)
    .where(and(confirmed, or(eq(users.usernameKey, normalizeUsername(login)), eq(users.emailVerified, key))))
    .orderBy(users.id)
    .limit(ACCOUNTS_PER_ADDRESS);
  const baseUrl = publicBaseUrl(ctx.config);
  for (const user of matches) {
    if (!user.contactEmail) continue;
    const to = user.contactEmail;
    await ctx.db.transaction(async (tx) => {
      const mailed = await hitRateLimit(tx, `password-reset:user:${user.id}`, HOUR, now);
      if (mailed.count > RESET_MAILS_PER_ACCOUNT) return;
      const token = await issueAccountToken(tx, {
        userId: user.id,
        purpose: 'password-reset',
        email: emailKey(to),
        now,
      });
      await enqueueMail(
        tx,
        passwordResetMail({ to, username: user.username, language: user.language }, baseUrl, token),
      );
    });
  }
}

/**
 * A reset link works only while the address it was mailed to is still the account's confirmed
 * address (decision 211): a change of address voids it even if it was never revoked.
 */
const sentToCurrentAddress = sql`lower(trim(${accountTokens.email})) = ${users.emailVerified} and lower(trim(${users.contactEmail})) = ${users.emailVerified}`;

/**
 * The reset page: spends the token, sets the new password (the rules of registration), ends every
 * session of the user and lifts the account's failed-login wait. The user then signs in.
 */
export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  input: PasswordReset,
): Promise<void> {
  const now = ctx.now();
  // Looked up first, without spending it: a refused password must not burn the link.
  const [target] = await ctx.db
    .select({ username: users.username })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashAccountToken(input.token)),
        eq(accountTokens.purpose, 'password-reset'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        sentToCurrentAddress,
      ),
    );
  if (!target)
    throw new DomainError('reset_link_invalid', RESET_LINK_INVALID, {
      fields: { token: RESET_LINK_INVALID },
    });
  await assertPasswordAcceptable(input.password, { username: target.username, field: 'password' });
  const passwordHash = await hashPassword(input.password);

  await ctx.db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, input.token, 'password-reset', now);
    if (!spent)
      throw new DomainError('reset_link_invalid', RESET_LINK_INVALID, {
        fields: { token: RESET_LINK_INVALID },
      });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(
        and(
          eq(users.id, spent.userId),
          sql`${users.emailVerified} = lower(trim(${spent.email})) and lower(trim(${users.contactEmail})) = ${users.emailVerified}`,
        ),
      )
      .returning();
    // The address moved between the look-up and now: the link is void (and stays unspent: rolled back).
    if (!user)
      throw new DomainError('reset_link_invalid', RESET_LINK_INVALID, {
        fields: { token: RESET_LINK_INVALID },
      });
    await revokeAccountTokens(tx, spent.userId, 'password-reset', now);
    await endUserSessions(tx, spent.userId);
    if (user.contactEmail)
      await enqueueMail(
        tx,
        passwordChangedMail(
          { to: user.contactEmail, username: user.username, language: user.language },
          publicBaseUrl(ctx.config),
        ),
      );
    if (user.usernameKey) await resetRateLimit(tx, `login:user:${user.usernameKey}`);
  });
}
