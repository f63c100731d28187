import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { payoutAccounts } from '../db/schema';

/** A payee's payout account, or undefined before they start onboarding. */
export async function payoutAccountOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}
