import { describe, expect, it } from 'vitest';
import {
  nextRefundTry,
  planRefundRefusal,
  REFUND_FAILED_TEXT,
  REFUND_GIVEN_UP_TEXT,
  REFUND_TRIES,
  refusalInWords,
  type RefusedRefundOrder,
} from './refund-refusals';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z');

describe('a refused refund', () => {
  it('is tried again after 1, 2, 4 and 8 hours, then given up', () => {
    const delays = [1, 2, 3, 4].map((n) => nextRefundTry(n, now)!.getTime() - now.getTime());
    expect(delays).toEqual([HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
    expect(nextRefundTry(REFUND_TRIES, now)).toBeNull();
    expect(nextRefundTry(REFUND_TRIES + 3, now)).toBeNull();
  });

  it('says the provider’s reason in plain words, and names an unknown one safely', () => {
    expect(refusalInWords('expired_or_canceled_card')).toBe('the diner’s card has expired or was cancelled');
    expect(refusalInWords('charge_disputed')).toMatch(/disputed the charge/);
    expect(refusalInWords(null)).toBe('the payment provider refused it without saying why');
    expect(refusalInWords('unknown')).toBe('the payment provider refused it without saying why');
    expect(refusalInWords('new_code<script>')).toBe('the payment provider refused it (new_codescript)');
  });
});

describe('what a refused whole refund means (planRefundRefusal)', () => {
  const due = new Date('2026-11-21T10:00:00Z');
  const claimed = new Date('2026-11-21T11:59:00Z');
  const failedBefore = new Date('2026-11-21T09:00:00Z');
  const order = (extra: Partial<RefusedRefundOrder> = {}): RefusedRefundOrder => ({
    id: 7,
    status: 'charged',
    refundDue: true,
    subtotalCents: 2_000,
    refundDueAt: due,
    refundClaimedAt: claimed,
    refundFailedAt: null,
    refundGaveUpAt: null,
    refundAttempts: 0,
    totalCents: 2_500,
    correctedCents: 0,
    ...extra,
  });
  const plan = (o: RefusedRefundOrder, corrections = 0, reason: string | null = 'expired_or_canceled_card') =>
    planRefundRefusal({ order: o, countedCorrectionCents: corrections, failureReason: reason, now });

  it.each<[string, Partial<RefusedRefundOrder>, string]>([
    ['a held order (no refund)', { status: 'confirmed', refundDue: false, refundDueAt: null }, 'no-refund'],
    ['a failed order', { status: 'failed', refundDue: false, refundDueAt: null }, 'no-refund'],
    ['a cancelled order', { status: 'cancelled', refundDue: false, refundDueAt: null }, 'no-refund'],
    [
      'a refusal already counted (failed, not claimed again)',
      { refundFailedAt: failedBefore, refundClaimedAt: null, refundAttempts: 1 },
      'counted',
    ],
    [
      'a charge with no whole refund due (a correction’s news)',
      { refundDueAt: null, refundDue: false },
      'correction',
    ],
    ['a refund given up already', { refundGaveUpAt: failedBefore, refundAttempts: 5 }, 'given-up'],
    [
      'a refunded order given up already',
      { status: 'refunded', refundGaveUpAt: failedBefore, refundAttempts: 5 },
      'given-up',
    ],
  ])('ignores %s', (_, extra, why) => {
    expect(plan(order(extra))).toEqual({ kind: 'ignore', why });
  });

  it.each<[number, number | null, 'mail' | 'no mail']>([
    [0, 1, 'mail'],
    [1, 2, 'no mail'],
    [2, 4, 'no mail'],
    [3, 8, 'no mail'],
    [4, null, 'mail'],
    [7, null, 'mail'],
  ])('after %i refusals: retried in %s hours (null: given up), truck: %s', (before, hours, mail) => {
    const p = plan(order({ refundAttempts: before, refundFailedAt: before > 0 ? failedBefore : null }));
    const nextTry = hours === null ? null : new Date(now.getTime() + hours * HOUR);
    expect(p).toEqual({
      kind: 'refused',
      outcome: nextTry ? 'retry' : 'given-up',
      move: null,
      patch: {
        refundDueAt: nextTry ?? due,
        refundClaimedAt: null,
        refundedAt: null,
        refundedAmount: null,
        refundFailedAt: now,
        refundFailure: nextTry ? REFUND_FAILED_TEXT : REFUND_GIVEN_UP_TEXT,
        refundAttempts: before + 1,
        refundGaveUpAt: nextTry ? null : now,
      },
      truckMail:
        mail === 'mail'
          ? { amountCents: 2_500, words: 'the diner’s card has expired or was cancelled', nextTry }
          : null,
    });
  });

  it('takes a refunded order back to charged, owed back, without moving the sales', () => {
    const p = plan(order({ status: 'refunded', refundClaimedAt: null }));
    expect(p.kind === 'refused' && p.move).toEqual({
      id: 7,
      status: 'charged',
      refundDue: true,
      salesDelta: 0,
      log: { entity: 'order', id: 7, from: 'refunded', to: 'charged', reason: 'refund failed', at: now },
    });
  });

  it('counts what the corrections gave back, and asks the truck only for the rest', () => {
    const p = plan(order({ correctedCents: 700 }), 700, null);
    expect(p.kind === 'refused' && p.patch.refundedAmount).toBe(700);
    expect(p.kind === 'refused' && p.truckMail).toEqual({
      amountCents: 1_800,
      words: 'the payment provider refused it without saying why',
      nextTry: new Date(now.getTime() + HOUR),
    });
  });

  it('given up with no due time (never the case today), it is due now', () => {
    const p = plan(order({ status: 'refunded', refundDueAt: null, refundAttempts: 4 }));
    expect(p.kind === 'refused' && p.patch.refundDueAt).toEqual(now);
  });
});
