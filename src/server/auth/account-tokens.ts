import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountTokens, type ACCOUNT_TOKEN_PURPOSES } from '../db/schema';

export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const HOUR = 60 * 60 * 1000;
/** How long a mailed link works (docs/decisions/120). */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'password-reset': HOUR,
  'email-verification': 48 * HOUR,
};

/** What the database keeps of a token: its SHA-256 (the token has 256 random bits, so no salt). */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new single-use token for this user; the caller mails it, the table keeps only its hash. */
export async function issueAccountToken(
  db: DbOrTx,
  input: { userId: number; purpose: AccountTokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
    createdAt: input.now,
  });
  return token;
}

/**
 * Spends a token: one statement marks it used only if it is unused and current, so of two
 * concurrent uses exactly one gets the row. Null for an unknown, spent or expired token.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashAccountToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Every unused token of this kind for this user stops working (after a reset or a change). */
export async function revokeAccountTokens(
  db: DbOrTx,
  userId: number,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** Spent and expired tokens are only clutter after a day. */
export async function sweepAccountTokens(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      sql`${accountTokens.expiresAt} < ${new Date(now.getTime() - 24 * HOUR).toISOString()}::timestamptz`,
    );
}
