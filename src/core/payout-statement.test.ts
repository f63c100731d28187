import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_INCOMPLETE_REASON,
  CALLED_OFF_REASON,
  NO_ACCOUNT_REASON,
  payoutAccountProblem,
  statementLineState,
} from './payout-statement';

const endsAt = new Date('2026-11-20T21:00:00Z');
const dueAt = new Date('2026-11-23T21:00:00Z');
const state = (over: Partial<Parameters<typeof statementLineState>[0]>) =>
  statementLineState({
    eventStatus: 'closed',
    endsAt,
    payoutDelayHours: 72,
    share: 1000,
    payout: undefined,
    accountProblem: null,
    ...over,
  });

describe("a statement line's payout", () => {
  it.each([
    [
      'paid once recorded, whatever the event',
      { payout: { paidAt: dueAt, blockedReason: 'x' } },
      'paid',
      null,
      null,
    ],
    ['blocked when called off', { eventStatus: 'cancelled' as const }, 'blocked', CALLED_OFF_REASON, null],
    [
      'blocked when the payment failed',
      { eventStatus: 'payment_failed' as const },
      'blocked',
      CALLED_OFF_REASON,
      null,
    ],
    ['pending before the close', { eventStatus: 'confirmed' as const }, 'pending', null, null],
    [
      'pending, saying the account is missing',
      { eventStatus: 'approved' as const, accountProblem: NO_ACCOUNT_REASON },
      'pending',
      NO_ACCOUNT_REASON,
      null,
    ],
    [
      'pending with nothing to send says nothing of the account',
      { eventStatus: 'approved' as const, share: 0, accountProblem: NO_ACCOUNT_REASON },
      'pending',
      null,
      null,
    ],
    ['scheduled after the close', {}, 'scheduled', null, dueAt],
    [
      'blocked after the close without an account',
      { accountProblem: ACCOUNT_INCOMPLETE_REASON },
      'blocked',
      ACCOUNT_INCOMPLETE_REASON,
      dueAt,
    ],
    [
      "blocked by the payout's own reason",
      { payout: { paidAt: null, blockedReason: 'Funds short' } },
      'blocked',
      'Funds short',
      dueAt,
    ],
  ] as const)('%s', (_, over, status, reason, scheduledFor) => {
    expect(state(over)).toEqual({ status, reason, scheduledFor });
  });

  it("says what stops money reaching the payee's account", () => {
    expect(payoutAccountProblem(undefined)).toBe(NO_ACCOUNT_REASON);
    expect(payoutAccountProblem({ payoutsEnabled: false })).toBe(ACCOUNT_INCOMPLETE_REASON);
    expect(payoutAccountProblem({ payoutsEnabled: true })).toBeNull();
  });
});
