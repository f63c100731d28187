import { describe, expect, it } from 'vitest';
import {
  GUARANTEE_NOTICE_LEAD_MS,
  goalWithinGuarantee,
  guaranteeShortfall,
  ledgerWithGuarantee,
  mayOfferGuarantee,
  planGuaranteeAtStart,
  planGuaranteeNotice,
  planGuaranteeRecord,
  type GuaranteeState,
  type GuaranteeStatus,
} from './host-guarantee';
import type { EventStatus } from './event-status';
import { planSettlement } from './status-plan';

const START = new Date('2026-12-20T18:00:00Z');
const HOUR = 60 * 60 * 1000;

function state(
  over: {
    status?: GuaranteeStatus;
    eventStatus?: EventStatus;
    sales?: number;
    goal?: number;
    now?: Date;
    noticeSentAt?: Date | null;
    amountCents?: number | null;
    paymentMethodId?: string | null;
  } = {},
): GuaranteeState {
  return {
    guarantee: {
      eventId: 7,
      status: over.status ?? 'saved',
      paymentMethodId: over.paymentMethodId === undefined ? 'pm_1' : over.paymentMethodId,
      customerId: 'cus_1',
      noticeSentAt: over.noticeSentAt ?? null,
      amountCents: over.amountCents ?? null,
    },
    event: {
      status: over.eventStatus ?? 'approved',
      startsAt: START,
      currentSalesCents: over.sales ?? 32_000,
      minimumSalesCents: over.goal ?? 50_000,
      currency: 'USD',
    },
    now: over.now ?? START,
  };
}

describe('the shortfall', () => {
  it.each([
    [50_000, 32_000, 18_000],
    [50_000, 50_000, 0],
    [50_000, 61_000, 0],
    [50_000, 49_990, 50],
    [50_000, 49_951, 50],
    [50_000, 49_950, 50],
    [50_000, 49_949, 51],
    [50_000, 0, 50_000],
  ])('goal %i, sales %i: the organizer pays %i', (goal, sales, pays) => {
    expect(guaranteeShortfall(goal, sales, 'USD')).toBe(pays);
  });

  it.each([
    ['GBP', 10_000, 9_990, 30],
    ['GBP', 10_000, 9_969, 31],
    ['EUR', 10_000, 9_990, 50],
    ['MXN', 800_000, 799_500, 1_000],
    ['JPY', 20_000, 19_990, 50],
    ['JPY', 20_000, 19_000, 1_000],
  ] as const)(
    'in %s, goal %i, sales %i: the organizer pays at least Stripe’s least, %i',
    (currency, goal, sales, pays) => {
      expect(guaranteeShortfall(goal, sales, currency)).toBe(pays);
    },
  );
});

describe('offering and the truck deciding', () => {
  it('is offered only while the truck has not answered, before the start', () => {
    expect(mayOfferGuarantee('pending_approval', new Date(START.getTime() - HOUR), START)).toBe(true);
    expect(mayOfferGuarantee('pending_approval', START, START)).toBe(false);
    for (const status of ['approved', 'rejected', 'cancelled', 'processing'] as const) {
      expect(mayOfferGuarantee(status, new Date(START.getTime() - HOUR), START)).toBe(false);
    }
  });

  it('keeps the goal the truck sets within the commitment of a saved card only', () => {
    expect(goalWithinGuarantee({ status: 'saved', capCents: 50_000 }, 50_000)).toBe(true);
    expect(goalWithinGuarantee({ status: 'saved', capCents: 50_000 }, 50_001)).toBe(false);
    expect(goalWithinGuarantee({ status: 'saving', capCents: 50_000 }, 90_000)).toBe(true);
    expect(goalWithinGuarantee(null, 90_000)).toBe(true);
  });
});

describe('the 48-hour notice', () => {
  const opens = new Date(START.getTime() - GUARANTEE_NOTICE_LEAD_MS);
  it('tells the organizer the shortfall as it stands, from 48 hours before the start', () => {
    expect(planGuaranteeNotice(state({ now: opens }))).toEqual({ kind: 'notice', amountCents: 18_000 });
    expect(planGuaranteeNotice(state({ now: new Date(opens.getTime() - 1) }))).toEqual({ kind: 'none' });
  });
  it('is sent once, not once the event started, nor when diners reached the goal', () => {
    expect(planGuaranteeNotice(state({ now: opens, noticeSentAt: opens }))).toEqual({ kind: 'none' });
    expect(planGuaranteeNotice(state({ now: START }))).toEqual({ kind: 'none' });
    expect(planGuaranteeNotice(state({ now: opens, eventStatus: 'processing' }))).toEqual({ kind: 'none' });
    expect(planGuaranteeNotice(state({ now: opens, status: 'saving' }))).toEqual({ kind: 'none' });
  });
});

describe('at the start', () => {
  it('waits before the start', () => {
    expect(planGuaranteeAtStart(state({ now: new Date(START.getTime() - 1) }))).toEqual({ kind: 'wait' });
  });
  it('charges the shortfall off-session under a key derived from the event', () => {
    const plan = planGuaranteeAtStart(state());
    expect(plan).toMatchObject({
      kind: 'charge',
      amountCents: 18_000,
      request: {
        amount: 18_000,
        currency: 'usd',
        paymentMethod: 'pm_1',
        customer: 'cus_1',
        offSession: true,
        confirm: true,
        idempotencyKey: 'guarantee:7',
        metadata: { guaranteeEventId: '7' },
      },
    });
  });
  it('replays the amount fixed by a claim taken over after a crash, whatever the sales say now', () => {
    const plan = planGuaranteeAtStart(
      state({ status: 'charging', amountCents: 18_000, sales: 40_000, eventStatus: 'approved' }),
    );
    expect(plan).toMatchObject({
      kind: 'charge',
      amountCents: 18_000,
      request: { idempotencyKey: 'guarantee:7' },
    });
  });
  it('is not needed when diners funded the event or it was called off, or without a card', () => {
    expect(planGuaranteeAtStart(state({ eventStatus: 'processing' }))).toEqual({ kind: 'not-needed' });
    expect(planGuaranteeAtStart(state({ eventStatus: 'cancelled' }))).toEqual({ kind: 'not-needed' });
    expect(planGuaranteeAtStart(state({ sales: 50_000 }))).toEqual({ kind: 'not-needed' });
    expect(planGuaranteeAtStart(state({ paymentMethodId: null }))).toEqual({ kind: 'not-needed' });
  });
  it('leaves alone a guarantee that never stood or already ended', () => {
    for (const status of ['saving', 'charged', 'declined', 'not_needed', 'withdrawn'] as const) {
      expect(planGuaranteeAtStart(state({ status }))).toEqual({ kind: 'wait' });
    }
  });
});

describe("the provider's answer", () => {
  const charged = { kind: 'charged', paymentIntentId: 'pi_1' } as const;
  const declined = { kind: 'declined', message: 'Your card was declined.' } as const;
  it('funds a still-approved event', () => {
    expect(planGuaranteeRecord(charged, 'approved')).toEqual({
      kind: 'fund',
      eventTo: 'processing',
      guaranteeTo: 'charged',
    });
  });
  it('keeps the money of an event already funded, gives back that of one called off', () => {
    expect(planGuaranteeRecord(charged, 'processing')).toEqual({ kind: 'charged-only', refund: false });
    expect(planGuaranteeRecord(charged, 'cancelled')).toEqual({ kind: 'charged-only', refund: true });
  });
  it('falls back to all-or-nothing when the card is refused', () => {
    expect(planGuaranteeRecord(declined, 'approved')).toEqual({
      kind: 'fall-back',
      eventTo: 'cancelled',
      guaranteeTo: 'declined',
    });
    expect(planGuaranteeRecord(declined, 'cancelled')).toEqual({
      kind: 'fall-back',
      eventTo: null,
      guaranteeTo: 'declined',
    });
  });
});

describe('settling a guaranteed event', () => {
  const event = {
    id: 7,
    status: 'processing' as const,
    currentSalesCents: 30_000,
    minimumSalesCents: 50_000,
    startsAt: START,
  };
  const after = new Date(START.getTime() + HOUR);
  it('confirms it once every hold is charged, though a refused diner left it short', () => {
    const open = [{ status: 'failed' as const, deadline: START }];
    expect(planSettlement({ ...event, guaranteed: true }, open, after)).toMatchObject({
      kind: 'settle',
      plan: { status: 'confirmed' },
    });
    expect(planSettlement(event, open, after)).toMatchObject({
      kind: 'settle',
      plan: { status: 'payment_failed' },
    });
  });
  it('waits while a hold is still to charge', () => {
    expect(
      planSettlement({ ...event, guaranteed: true }, [{ status: 'confirmed', deadline: null }], after),
    ).toEqual({ kind: 'wait' });
  });
});

describe('the guarantee in the ledger', () => {
  const ledger = {
    grossCents: 33_600,
    refundedCents: 0,
    shares: { truck: 32_000, organizer: 0, platform: 1_600 },
    grossShares: { truck: 32_000, organizer: 0, platform: 1_600 },
  };
  it("adds the charge to the truck's share, to the cent, and no fee", () => {
    const after = ledgerWithGuarantee(ledger, { chargedCents: 18_000, refundedCents: 0 });
    expect(after).toEqual({
      grossCents: 51_600,
      refundedCents: 0,
      shares: { truck: 50_000, organizer: 0, platform: 1_600 },
      grossShares: { truck: 50_000, organizer: 0, platform: 1_600 },
      guarantee: { chargedCents: 18_000, keptCents: 18_000 },
    });
  });
  it('takes back what was refunded, and leaves a ledger without a charge as it was', () => {
    const after = ledgerWithGuarantee(ledger, { chargedCents: 18_000, refundedCents: 18_000 });
    expect(after.shares.truck).toBe(32_000);
    expect(after.refundedCents).toBe(18_000);
    expect(ledgerWithGuarantee(ledger, undefined)).toBe(ledger);
  });
});
