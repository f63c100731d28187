import { describe, expect, it } from 'vitest';
import {
  describePromoTerms,
  fundedTotal,
  giftFeeCents,
  promoDiscountCents,
  promoRefusal,
  sponsorRefusal,
  sponsorShareLine,
  type PromoCodeState,
} from './codes-and-gifts';
import { computeEventLedger, splitOrder, splitRefund } from './payout-ledger';
import { itemiseOrder, receiptSummary } from './receipt';
import { priceOrder, splitOrderPrice } from './pricing';

const percent = (p: number) => ({ percentOff: p, amountOffCents: null });
const amount = (c: number) => ({ percentOff: null, amountOffCents: c });

describe('a promo code takes its discount off the markup only', () => {
  // 2 × $10.00 at 10% markup: lines 23.00 = food 20.00 + markup 2.00 + fee 1.00.
  const order = { linesCents: 2300, markupCents: 200 };

  it.each([
    ['5% of the lines, rounded half up', percent(5), 115],
    ['10% of the lines is 2.30: capped at the markup', percent(10), 200],
    ['100% off is the markup, never the food or the fee', percent(100), 200],
    ['$1.50 off', amount(150), 150],
    ['$50.00 off is the markup', amount(5000), 200],
  ])('%s', (_, terms, expected) => {
    expect(promoDiscountCents(terms, order)).toBe(expected);
  });

  it('rounds a percentage once, half up: 7% of $3.75 is 26.25 → 26; of $3.79 is 26.53 → 27', () => {
    expect(promoDiscountCents(percent(7), { linesCents: 375, markupCents: 100 })).toBe(26);
    expect(promoDiscountCents(percent(7), { linesCents: 379, markupCents: 100 })).toBe(27);
    expect(promoDiscountCents(percent(50), { linesCents: 1, markupCents: 100 })).toBe(1);
  });

  it('takes nothing off an event without a markup', () => {
    expect(promoDiscountCents(percent(50), { linesCents: 1050, markupCents: 0 })).toBe(0);
  });

  it('is described as the organizer set it', () => {
    expect(describePromoTerms(percent(10))).toBe('10% off');
    expect(describePromoTerms(amount(250))).toBe('$2.50 off');
  });
});

describe('whether a code may be used now', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const code: PromoCodeState = { ...percent(10), active: true, expiresAt: null, maxUses: 2, uses: 1 };
  it.each([
    ['unknown', undefined, 'promo_code_unknown'],
    ['switched off', { ...code, active: false }, 'promo_code_switched_off'],
    ['expired at this very instant', { ...code, expiresAt: now }, 'promo_code_expired'],
    ['used up', { ...code, uses: 2 }, 'promo_code_used_up'],
  ])('%s', (_, state, refusal) => {
    expect(promoRefusal(state, now)?.code).toBe(refusal);
  });
  it('a live code with a use left', () => {
    expect(promoRefusal({ ...code, expiresAt: new Date(now.getTime() + 1) }, now)).toBeNull();
    expect(promoRefusal({ ...code, maxUses: null, uses: 10_000 }, now)).toBeNull();
  });
});

describe('a gift carries the platform fee on top', () => {
  it.each([
    [2000, 100],
    [1010, 51], // 50.5 → 51
    [1009, 50], // 50.45 → 50
    [100, 5],
    [0, 0],
  ])('a gift of %i cents pays a fee of %i', (gift, fee) => {
    expect(giftFeeCents(gift)).toBe(fee);
  });

  it('the card pays food, less the discount, plus the gift and its fee', () => {
    expect(fundedTotal(2300, 200, 2000)).toEqual({
      foodTotalCents: 2300,
      discountCents: 200,
      giftCents: 2000,
      giftFeeCents: 100,
      totalCents: 4200,
    });
  });

  it('a sponsor needs the event to take sponsors and a gift of at least its minimum', () => {
    expect(sponsorRefusal(5000, null)).toBe('This event does not take sponsors with gifts');
    expect(sponsorRefusal(4999, 5000)).toBe("A sponsor's name comes with a gift of at least $50.00");
    expect(sponsorRefusal(5000, 5000)).toBeNull();
  });
});

describe('the ledger and the receipt of a discount and a gift, to the cent', () => {
  const lines = priceOrder([{ menuItemId: 1, quantity: 2, baseCents: 1000 }], 1000);
  const ledgerLines = lines.lines.map((l) => ({
    quantity: l.quantity,
    baseCents: l.baseCents,
    unitCents: l.unitCents,
  }));

  it("splits a discounted order with a gift: the organizer's markup less the discount plus the gift", () => {
    const discount = promoDiscountCents(percent(10), { linesCents: 2300, markupCents: 200 });
    const funded = fundedTotal(lines.totalCents, discount, 2000);
    const order = {
      totalCents: funded.totalCents,
      refundedCents: 0,
      discountCents: discount,
      giftCents: 2000,
      giftFeeCents: funded.giftFeeCents,
      lines: ledgerLines,
    };
    const split = splitOrder(order, 1000);
    expect(split).toMatchObject({ truck: 2000, organizer: 2000, platform: 200 });
    expect(split.truck + split.organizer + split.platform).toBe(funded.totalCents);
    const ledger = computeEventLedger([order], 1000);
    expect(ledger.gifts).toEqual({ grossCents: 2000, feeCents: 100 });
    expect(ledger.discountsCents).toBe(200);
    // A refund of the whole order takes every share back whole.
    expect(splitRefund(split, funded.totalCents)).toEqual({ truck: 2000, organizer: 2000, platform: 200 });
  });

  it('a gift without food is all the organizer’s, its fee the platform’s', () => {
    const order = { totalCents: 2100, refundedCents: 0, giftCents: 2000, giftFeeCents: 100, lines: [] };
    expect(splitOrder(order, 1000)).toMatchObject({ truck: 0, organizer: 2000, platform: 100 });
    expect(computeEventLedger([order], 1000).shares).toEqual({ truck: 0, organizer: 2000, platform: 100 });
  });

  it('the receipt says the discount, the gift and its fee, adding up to the charge', () => {
    const parts = splitOrderPrice(lines.lines, 1000);
    const itemised = itemiseOrder(ledgerLines, 1000, {
      taxCents: 0,
      tipCents: 0,
      chargedCents: 4200,
      discountCents: 200,
      giftCents: 2000,
      giftFeeCents: 100,
    });
    const summary = receiptSummary(itemised.totals).map(({ label, cents }) => ({ label, cents }));
    expect(summary).toEqual([
      { label: 'Food', cents: parts.menuCents },
      { label: 'Markup', cents: 200 },
      { label: 'Fee', cents: 100 },
      { label: 'Promo code', cents: -200 },
      { label: 'Gift to the cause', cents: 2000 },
      { label: 'Fee on the gift', cents: 100 },
      { label: 'Total', cents: 4200 },
    ]);
    expect(summary.slice(0, -1).reduce((sum, line) => sum + line.cents, 0)).toBe(4200);
  });
});

describe("the share card's sponsor line", () => {
  it.each([
    [[], null],
    [['Corner Bakery'], 'Sponsored by Corner Bakery.'],
    [['Hardware Co.'], 'Sponsored by Hardware Co.'],
    [['A', 'B'], 'Sponsored by A and B.'],
    [['A', 'B', 'C'], 'Sponsored by A, B and C.'],
    [['A', 'B', 'C', 'D', 'E'], 'Sponsored by A, B, C and 2 more.'],
  ])('%j', (names, line) => {
    expect(sponsorShareLine(names)).toBe(line);
  });
});
