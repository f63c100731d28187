import type { EventStatus } from './event-status';
import { payoutDueAt, type PayoutStatus } from './payout-ledger';

/**
 * What a payee's money page says of each event (docs/decisions/219-the-payout-statement-a-page-at-a-time.md):
 * where its payout stands and why it waits. Pure: the server reads the event, its payout and the
 * payee's account, and this decides.
 */

/** Events that never took money and never will: not on the statement. */
export const NEVER_PAID_EVENT_STATUSES = [
  'pending_approval',
  'rejected',
  'open',
] as const satisfies EventStatus[];
/** Events called off before their start: every diner released or refunded, nothing is ever paid out. */
export const CALLED_OFF_EVENT_STATUSES = ['cancelled', 'payment_failed'] as const satisfies EventStatus[];

export const NO_ACCOUNT_REASON = 'No payout account connected yet';
export const ACCOUNT_INCOMPLETE_REASON = 'Your payout account needs more details before it can be paid';
export const CALLED_OFF_REASON = 'The event was called off and its diners refunded';
/** The provider refused a transfer (the platform's balance is short): tried again later. */
export const PLATFORM_FUNDS_REASON = 'Waiting for the platform’s funds to become available';

/** Why money can't reach the payee's account yet, or null when it can. */
export function payoutAccountProblem(account: { payoutsEnabled: boolean } | undefined): string | null {
  if (!account) return NO_ACCOUNT_REASON;
  return account.payoutsEnabled ? null : ACCOUNT_INCOMPLETE_REASON;
}

export const isCalledOff = (status: EventStatus) =>
  (CALLED_OFF_EVENT_STATUSES as readonly EventStatus[]).includes(status);

export interface StatementLineState {
  status: PayoutStatus;
  /** Why it waits, said to the payee; null when nothing stands in the way. */
  reason: string | null;
  /** When a closed event's payout goes out. */
  scheduledFor: Date | null;
}

/**
 * Paid once its payout is recorded; blocked when the event was called off, or when a closed event's
 * payout waits on something (the payout's own reason, else the account); pending until the event
 * closes (the account's problem said ahead, when there is money to send); else scheduled for
 * `PAYOUT_DELAY_HOURS` after the end.
 */
export function statementLineState(input: {
  eventStatus: EventStatus;
  endsAt: Date;
  payoutDelayHours: number;
  /** The payee's share of the event, in cents. */
  share: number;
  payout: { paidAt: Date | null; blockedReason: string | null } | undefined;
  accountProblem: string | null;
}): StatementLineState {
  const { eventStatus, payout, share, accountProblem } = input;
  if (payout?.paidAt) return { status: 'paid', reason: null, scheduledFor: null };
  if (isCalledOff(eventStatus)) return { status: 'blocked', reason: CALLED_OFF_REASON, scheduledFor: null };
  if (eventStatus !== 'closed') {
    return { status: 'pending', reason: share > 0 ? accountProblem : null, scheduledFor: null };
  }
  const blocked = payout?.blockedReason ?? (share > 0 ? accountProblem : null);
  return {
    status: blocked ? 'blocked' : 'scheduled',
    reason: blocked,
    scheduledFor: payoutDueAt(input.endsAt, input.payoutDelayHours),
  };
}
