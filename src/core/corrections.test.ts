import { describe, expect, it } from 'vitest';
import { correctableCents, correctionDeadline, decideCorrection } from './corrections';
import { computeEventLedger, splitRefund, type LedgerOrder } from './payout-ledger';
import { priceOrder, splitOrderPrice } from './pricing';
import { Breaches } from '../../tests/support/breaches';
import { ledgerLines, randomCarts } from '../../tests/support/random-carts';

/**
 * Partial refunds follow the one split (docs/decisions/136-refunds-follow-the-split.md): over many
 * thousands of (price, markup, quantity, refunds) cases, after every refund of a sequence the organizer
 * keeps exactly the markups diners were shown less its part of the refunds, the platform the fees less
 * its part, the truck the food less its part; the three add up to what was kept, and no party's part
 * of the refunds ever shrinks as refunds add up (so a reversal after a transfer is never negative).
 */
describe('partial refunds follow the split', () => {
  it(
    'keeps every party exact and monotone over 20,000 orders with 1–5 partial refunds each',
    { timeout: 60_000 },
    () => {
      const carts = randomCarts(20261135);
      let refunds = 0;
      for (let n = 0; n < 20_000; n++) {
        const markup = carts.markup();
        const lines = carts.lines();
        const price = priceOrder(lines, markup);
        const shown = splitOrderPrice(lines, markup);
        const sold = ledgerLines(price);
        const total = price.totalCents;
        let refunded = 0;
        let previous = { truck: 0, organizer: 0, platform: 0 };
        for (refunded of carts.refunds(total, sold)) {
          refunds++;
          const order: LedgerOrder = { totalCents: total, refundedCents: refunded, lines: sold };
          const ledger = computeEventLedger([order], markup);
          const back = splitRefund(ledger.grossShares, refunded);
          const checks = new Breaches();
          const same = checks.same.bind(checks);
          same('gross shares', ledger.grossShares, {
            truck: shown.menuCents,
            organizer: shown.markupCents,
            platform: shown.feeCents,
          });
          same('shares kept', ledger.shares, {
            truck: shown.menuCents - back.truck,
            organizer: shown.markupCents - back.organizer,
            platform: shown.feeCents - back.platform,
          });
          same('refund parts add up', back.truck + back.organizer + back.platform, refunded);
          same(
            'shares add up',
            ledger.shares.truck + ledger.shares.organizer + ledger.shares.platform,
            total - refunded,
          );
          for (const party of ['truck', 'organizer', 'platform'] as const) {
            // Close to the exact proportion (the organizer and the platform within a cent; the truck,
            // which takes the rest, under 2 cents above), never below 0.
            const exact = (ledger.grossShares[party] * refunded) / total;
            checks.check(`${party} proportion`, Math.abs(back[party] - exact) < (party === 'truck' ? 2 : 1));
            checks.check(`${party} below 0`, ledger.shares[party] >= 0);
            // Monotone: a later refund never hands a party back what an earlier one took.
            checks.check(`${party} handed back`, back[party] >= previous[party]);
          }
          checks.assertNone({ n, markup, lines, refunded, back, ledger });
          previous = back;
        }
        if (refunded === total) {
          expect(
            computeEventLedger([{ totalCents: total, refundedCents: total, lines: sold }], markup).shares,
          ).toEqual({
            truck: 0,
            organizer: 0,
            platform: 0,
          });
        }
      }
      expect(refunds).toBeGreaterThan(40_000);
    },
  );
});

describe('decideCorrection', () => {
  const endsAt = new Date('2026-11-20T21:00:00Z');
  const charged = { status: 'charged' as const, totalCents: 6250, correctedCents: 0, refundDue: false };
  const at = new Date('2026-11-21T12:00:00Z');

  it('allows up to what is left, until 7 days after the end', () => {
    expect(decideCorrection(charged, 6250, at, endsAt)).toEqual({ kind: 'allowed' });
    expect(decideCorrection({ ...charged, correctedCents: 1250 }, 5001, at, endsAt)).toEqual({
      kind: 'refused',
      message: 'Only $50.00 of this order is left to refund',
    });
    expect(correctableCents({ totalCents: 6250, correctedCents: 6250 })).toBe(0);
    expect(decideCorrection(charged, 1, correctionDeadline(endsAt), endsAt).kind).toBe('allowed');
    expect(
      decideCorrection(charged, 1, new Date(correctionDeadline(endsAt).getTime() + 1), endsAt).kind,
    ).toBe('refused');
  });

  it('refuses held, unpaid and fully refunded orders with a reason', () => {
    expect(decideCorrection({ ...charged, status: 'confirmed' }, 1, at, endsAt)).toMatchObject({
      message: expect.stringMatching(/^This order is not charged yet/),
    });
    expect(decideCorrection({ ...charged, status: 'cancelled' }, 1, at, endsAt)).toMatchObject({
      message: 'This order was not charged, so there is nothing to refund',
    });
    expect(decideCorrection({ ...charged, refundDue: true }, 1, at, endsAt)).toMatchObject({
      message: 'This order is already refunded in full',
    });
    expect(decideCorrection(charged, 0, at, endsAt).kind).toBe('refused');
  });
});
