import type { PayoutAccountStatus } from '../../contract/payouts';
import type { payoutAccounts } from '../db/schema';

/** What a truck or organizer sees of their payout account: never the provider's account id. */
export function toPayoutAccountDto(row: typeof payoutAccounts.$inferSelect | undefined) {
  const status: PayoutAccountStatus = !row ? 'none' : row.payoutsEnabled ? 'enabled' : 'incomplete';
  return {
    status,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    requirementsDue: row?.requirementsDue ?? [],
  };
}
