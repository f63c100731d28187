import { and, eq, isNull } from 'drizzle-orm';
import type { GatewayAccount } from '../adapters/payments/payout-gateway';
import type { AppContext } from '../context';
import { payoutAccounts, payouts } from '../db/schema';

/**
 * A connected account's state as the provider reports it (the `account.updated` webhook, the
 * simulator's onboarding page, or a fresh retrieve when the owner comes back from onboarding). Once it
 * can receive money, its waiting payouts are unblocked and the reconciler is nudged to send them.
 * Applying the same state twice changes nothing, so redeliveries and races are harmless.
 */
export async function applyAccountUpdate(
  ctx: Pick<AppContext, 'db' | 'now' | 'reconciler'>,
  account: GatewayAccount,
): Promise<boolean> {
  const now = ctx.now();
  const unblocked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutAccounts)
      .set({
        detailsSubmitted: account.detailsSubmitted,
        payoutsEnabled: account.payoutsEnabled,
        requirementsDue: account.requirementsDue,
        disabledReason: account.disabledReason,
        updatedAt: now,
      })
      .where(eq(payoutAccounts.accountId, account.id))
      .returning();
    if (!row) return null;
    if (!row.payoutsEnabled) return false;
    await tx
      .update(payouts)
      .set({ blockedReason: null, claimedAt: null, retryAt: null, updatedAt: now })
      .where(and(eq(payouts.recipientId, row.userId), isNull(payouts.paidAt)));
    return true;
  });
  if (unblocked) ctx.reconciler.nudge();
  return unblocked !== null;
}
