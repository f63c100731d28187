import { describe, expect, it } from 'vitest';
import {
  computeEventLedger,
  payoutDifference,
  payoutDueAt,
  refundedFromShare,
  splitOrder,
  splitRefund,
  splitLine,
  type LedgerOrder,
} from './payout-ledger';
import { computeUnitPrice } from './pricing';

function order(lines: Array<[quantity: number, base: number]>, markup: number, refunded = 0): LedgerOrder {
  const priced = lines.map(([quantity, baseCents]) => ({
    quantity,
    baseCents,
    unitCents: computeUnitPrice(baseCents, markup),
  }));
  return {
    totalCents: priced.reduce((sum, l) => sum + l.unitCents * l.quantity, 0),
    refundedCents: refunded,
    lines: priced,
  };
}

describe('splitting a unit price', () => {
  it('gives the truck its menu price, the organizer the markup and the platform 5%', () => {
    // $10.00 with 20% markup: the diner pays $12.50.
    expect(splitLine({ quantity: 1, baseCents: 1000, unitCents: 1250 }, 2000)).toEqual({
      truck: 1000,
      organizer: 200,
      platform: 50,
    });
  });

  it('gives the organizer nothing when there is no markup, even when rounding adds a cent', () => {
    // 5% of $0.10 is half a cent, rounded up: the platform keeps it, not the organizer.
    expect(splitLine({ quantity: 1, baseCents: 10, unitCents: computeUnitPrice(10, 0) }, 0)).toEqual({
      truck: 10,
      organizer: 0,
      platform: 1,
    });
  });

  it('always adds up to what the diner paid, for every price and markup', () => {
    for (const base of [1, 7, 99, 333, 450, 1000, 1299, 4999]) {
      for (const markup of [0, 1, 250, 1250, 3333, 10000]) {
        const unit = computeUnitPrice(base, markup);
        const split = splitLine({ quantity: 1, baseCents: base, unitCents: unit }, markup);
        expect(split.truck + split.organizer + split.platform).toBe(unit);
        expect(split.truck).toBe(base);
        expect(split.organizer).toBeGreaterThanOrEqual(0);
        expect(split.platform).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses a unit price below the menu price', () => {
    expect(() => splitLine({ quantity: 1, baseCents: 1000, unitCents: 900 }, 0)).toThrow(RangeError);
  });
});

describe('an order and its refunds', () => {
  it('multiplies each line by its quantity', () => {
    // $4.50 + 15% rounds to $5.18: its 68 cents over the menu price split 45 markup / 23 fee.
    expect(
      splitOrder(
        order(
          [
            [3, 1000],
            [2, 450],
          ],
          1000,
        ),
        1000,
      ),
    ).toEqual({
      truck: 3900,
      organizer: 390,
      platform: 196,
      truckTax: 0,
      truckTip: 0,
    });
  });

  it('takes a partial refund from each party in proportion, to the cent', () => {
    const split = { truck: 1000, organizer: 200, platform: 50 };
    const refund = splitRefund(split, 625);
    expect(refund).toEqual({ truck: 500, organizer: 100, platform: 25 });
    const odd = splitRefund(split, 333);
    expect(odd.truck + odd.organizer + odd.platform).toBe(333);
  });

  it('takes everything on a full refund, and never more than was paid', () => {
    const split = { truck: 1000, organizer: 200, platform: 50 };
    expect(splitRefund(split, 1250)).toEqual(split);
    expect(splitRefund(split, 5000)).toEqual(split);
    expect(splitRefund(split, 0)).toEqual({ truck: 0, organizer: 0, platform: 0 });
  });
});

describe("an event's ledger", () => {
  it('sums gross, refunds and each share over the charged orders', () => {
    const markup = 2000;
    const ledger = computeEventLedger(
      [order([[2, 1000]], markup), order([[1, 1000]], markup, 1250), order([[4, 500]], markup)],
      markup,
    );
    expect(ledger.grossCents).toBe(2500 + 1250 + 2500);
    expect(ledger.refundedCents).toBe(1250);
    expect(ledger.shares).toEqual({ truck: 4000, organizer: 800, platform: 200 });
    expect(ledger.grossShares).toEqual({ truck: 5000, organizer: 1000, platform: 250 });
    expect(refundedFromShare(ledger, 'truck')).toBe(1000);
    expect(ledger.shares.truck + ledger.shares.organizer + ledger.shares.platform).toBe(
      ledger.grossCents - ledger.refundedCents,
    );
  });

  it('is empty without orders', () => {
    expect(computeEventLedger([], 0)).toMatchObject({
      grossCents: 0,
      shares: { truck: 0, organizer: 0, platform: 0 },
    });
  });

  it('refuses an order whose lines do not add up to its charge', () => {
    expect(() =>
      computeEventLedger(
        [{ totalCents: 999, refundedCents: 0, lines: [{ quantity: 1, baseCents: 1000, unitCents: 1050 }] }],
        0,
      ),
    ).toThrow(RangeError);
  });
});

describe('settling', () => {
  it('says how much a transfer or a reversal must move', () => {
    expect(payoutDifference(4000, 0, 0)).toBe(4000);
    expect(payoutDifference(4000, 5000, 0)).toBe(-1000);
    expect(payoutDifference(4000, 5000, 1000)).toBe(0);
  });

  it('is due a number of hours after the event ends', () => {
    expect(payoutDueAt(new Date('2026-11-21T21:00:00Z'), 72).toISOString()).toBe('2026-11-24T21:00:00.000Z');
  });
});
