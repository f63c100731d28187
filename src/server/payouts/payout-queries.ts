import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { orderRefunds, payoutAccounts, pendingOrders } from '../db/schema';

/** A payee's payout account, or undefined before they start onboarding. */
export async function payoutAccountOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/**
 * Whether a refund of the event's orders is still under way (a correction or a whole refund not made
 * yet and not given up): a payout is neither planned nor reversed meanwhile, so it never counts money
 * the provider may still refuse to give back, and a refusal never leaves a party cut (decision 213).
 */
export async function refundsUnderWay(ctx: Pick<AppContext, 'db'>, eventId: number): Promise<boolean> {
  const [correction] = await ctx.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.eventId, eventId),
        isNull(orderRefunds.refundedAt),
        isNull(orderRefunds.gaveUpAt),
        isNull(orderRefunds.settledAt),
      ),
    )
    .limit(1);
  if (correction) return true;
  const [order] = await ctx.db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        eq(pendingOrders.status, 'charged'),
        isNotNull(pendingOrders.refundDueAt),
        isNull(pendingOrders.refundedAt),
        isNull(pendingOrders.refundGaveUpAt),
      ),
    )
    .limit(1);
  return order !== undefined;
}

/** The charged order whose payment can fund a transfer of `amount` (its source), if any. */
export async function largestChargeCovering(
  ctx: Pick<AppContext, 'db' | 'payouts'>,
  eventId: number,
  amount: number,
): Promise<string | null> {
  const [order] = await ctx.db
    .select({ intent: pendingOrders.stripePaymentIntentId, total: pendingOrders.totalAmount })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        eq(pendingOrders.status, 'charged'),
        isNull(pendingOrders.refundDueAt),
        isNotNull(pendingOrders.stripePaymentIntentId),
      ),
    )
    .orderBy(desc(pendingOrders.totalAmount))
    .limit(1);
  if (!order || order.total < amount) return null;
  return ctx.payouts.chargeOfPaymentIntent(order.intent!);
}
