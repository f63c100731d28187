import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { overLimitError, hitRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { consumeAccountToken, issueAccountToken, revokeAccountTokens } from './account-tokens';
import { emailChangedMail, emailRemovedMail, verificationMail } from './account-mail';

const HOUR = 60 * 60 * 1000;
/** Verification mails a user may ask for per hour (the one sent at sign-up counts too). */
export const VERIFICATION_MAILS_PER_HOUR = 3;
/**
 * Confirmation links one account sends per hour however they are caused: a truck changing its
 * profile's address over and over must not make us mail strangers. Past it a change mails nothing
 * (the Account page can ask again later).
 */
export const VERIFICATION_MAILS_CEILING = 10;
export const VERIFY_LINK_INVALID =
  'This confirmation link has expired or was already used. Sign in and ask for a new one on your Account page.';
export const NO_EMAIL_TO_VERIFY = 'Add an e-mail address to your account first.';
export const ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';

interface MailableUser {
  id: number;
  username: string;
  contactEmail: string | null;
  emailVerified: string | null;
  /** The saved language its mails are written in (decision 229); English while null. */
  language: string | null;
}

/** The form of an address that comparisons use: trimmed, lower case. */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}

/** The user proved they read the address their account gives (docs/decisions/120). */
export function isEmailVerified(user: Pick<MailableUser, 'contactEmail' | 'emailVerified'>): boolean {
  return (
    user.contactEmail !== null &&
    user.emailVerified !== null &&
    emailKey(user.contactEmail) === user.emailVerified
  );
}

/**
 * Queues a confirmation link to the user's address, in the caller's transaction (sign-up, a new
 * address in the profile). Nothing when there is no address or it is already confirmed.
 */
export async function queueVerificationMail(
  db: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  user: MailableUser,
  now: Date,
): Promise<boolean> {
  if (!user.contactEmail || isEmailVerified(user)) return false;
  const email = emailKey(user.contactEmail);
  // Counted with the requests to resend, so sign-up plus resends stay within the hourly figure.
  const sent = await hitRateLimit(db, `verify-mail:user:${user.id}`, HOUR, now);
  if (sent.count > VERIFICATION_MAILS_CEILING) return false;
  const token = await issueAccountToken(db, { userId: user.id, purpose: 'email-verification', email, now });
  await enqueueMail(
    db,
    verificationMail(
      { to: user.contactEmail, username: user.username, language: user.language },
      publicBaseUrl(ctx.config),
      token,
    ),
  );
  return true;
}

/**
 * After an account's address changed (Account page, profile; each asked for the password first,
 * decision 211): every reset and confirmation link already sent stops working, so a link mailed to
 * the old address no longer opens the account; the old address is told, since reset links no longer
 * go there; and the new one is sent its confirmation link (reset links go to it once it is
 * confirmed). False when the address did not change.
 */
export async function recordEmailChange(
  db: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  before: Pick<MailableUser, 'contactEmail'>,
  after: MailableUser,
  now: Date,
): Promise<boolean> {
  const was = before.contactEmail ? emailKey(before.contactEmail) : null;
  const is = after.contactEmail ? emailKey(after.contactEmail) : null;
  if (was === is) return false;
  await revokeAccountTokens(db, after.id, 'password-reset', now);
  await revokeAccountTokens(db, after.id, 'email-verification', now);
  const baseUrl = publicBaseUrl(ctx.config);
  if (before.contactEmail) {
    const reader = { to: before.contactEmail, username: after.username, language: after.language };
    await enqueueMail(
      db,
      after.contactEmail
        ? emailChangedMail(reader, after.contactEmail, baseUrl)
        : emailRemovedMail(reader, baseUrl),
    );
  }
  await queueVerificationMail(db, ctx, after, now);
  return true;
}

/** "Send the link again", from the Account page. */
export async function resendVerificationMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  user: MailableUser,
): Promise<void> {
  const now = ctx.now();
  if (!user.contactEmail) throw new DomainError('no_email_to_verify', NO_EMAIL_TO_VERIFY);
  if (isEmailVerified(user)) throw new DomainError('email_already_verified', ALREADY_VERIFIED);
  await ctx.db.transaction(async (tx) => {
    const sent = await hitRateLimit(tx, `verify-mail:user:${user.id}`, HOUR, now, 0);
    if (sent.count >= VERIFICATION_MAILS_PER_HOUR)
      throw overLimitError(
        'verification_mails_exceeded',
        sent,
        now,
        (wait) => `We have sent you ${VERIFICATION_MAILS_PER_HOUR} links this hour. ${wait}`,
      );
    await queueVerificationMail(tx, ctx, user, now);
  });
}

/**
 * Opens a confirmation link: the token is spent and the address it was sent to becomes the verified
 * one, if it is still the account's address.
 */
export async function verifyEmail(db: DbOrTx, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, token, 'email-verification', now);
    if (!spent)
      throw new DomainError('verify_link_invalid', VERIFY_LINK_INVALID, {
        fields: { token: VERIFY_LINK_INVALID },
      });
    const [updated] = await tx
      .update(users)
      .set({ emailVerified: spent.email, updatedAt: now })
      .where(sql`${users.id} = ${spent.userId} and lower(trim(${users.contactEmail})) = ${spent.email}`)
      .returning({ id: users.id });
    if (!updated)
      throw new DomainError('verify_link_invalid', VERIFY_LINK_INVALID, {
        fields: { token: VERIFY_LINK_INVALID },
      });
  });
}
