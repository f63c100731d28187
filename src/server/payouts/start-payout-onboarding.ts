import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { payoutAccounts } from '../db/schema';
import type { SessionUser } from '../auth/sessions';
import { publicBaseUrl } from '../http/public-url';

/**
 * Gives a truck or organizer a connected account (once: the key names the user, so a double click
 * makes one account) and a fresh Account Link to the provider's hosted onboarding.
 */
export async function startPayoutOnboarding(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payouts'>,
  user: SessionUser,
): Promise<{ url: string }> {
  let [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  if (!row) {
    const account = await ctx.payouts.createAccount({
      email: user.contactEmail ?? undefined,
      metadata: { userId: String(user.id), role: user.role },
      idempotencyKey: `account:${user.id}`,
    });
    await ctx.db
      .insert(payoutAccounts)
      .values({
        userId: user.id,
        accountId: account.id,
        detailsSubmitted: account.detailsSubmitted,
        payoutsEnabled: account.payoutsEnabled,
        requirementsDue: account.requirementsDue,
        disabledReason: account.disabledReason,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing();
    [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  }
  const base = publicBaseUrl(ctx.config);
  const link = await ctx.payouts.createAccountLink({
    account: row!.accountId,
    returnUrl: `${base}/payouts?onboarding=return`,
    // The money page, which asks for a new link by POST when its owner clicks (no GET makes one).
    refreshUrl: `${base}/payouts?onboarding=refresh`,
  });
  return { url: link.url };
}
