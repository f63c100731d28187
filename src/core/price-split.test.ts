import { describe, it } from 'vitest';
import { computeEventTotals } from './event-totals';
import { computeEventLedger, splitRefund, type LedgerOrder } from './payout-ledger';
import { priceOrder, splitOrderPrice } from './pricing';
import { Breaches } from '../../tests/support/breaches';
import { seededRandom } from '../../tests/support/seeded-random';

describe('one split for every party', () => {
  it('pays the organizer exactly the markups diners were shown, the platform the fees, the truck the food, less refunds (20,000 orders)', () => {
    const random = seededRandom(20261126);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    for (let n = 0; n < 20_000; n++) {
      const markup = random() < 0.2 ? 0 : int(0, 10_000);
      const lines = Array.from({ length: int(1, 3) }, (_, i) => ({
        menuItemId: i + 1,
        quantity: int(1, 12),
        baseCents: random() < 0.3 ? int(1, 99) : int(100, 50_000),
      }));
      const price = priceOrder(lines, markup);
      // What the diner's breakdown shows for this order.
      const shown = splitOrderPrice(lines, markup);
      const checks = new Breaches();
      checks.same('the breakdown adds up to the price', shown.unitCents, price.totalCents);
      const sold = price.lines.map((l) => ({
        quantity: l.quantity,
        baseCents: l.baseCents,
        unitCents: l.unitCents,
      }));
      const refunded = random() < 0.5 ? 0 : random() < 0.5 ? price.totalCents : int(1, price.totalCents);
      const order: LedgerOrder = { totalCents: price.totalCents, refundedCents: refunded, lines: sold };
      const ledger = computeEventLedger([order], markup);
      checks.same('gross shares', ledger.grossShares, {
        truck: shown.menuCents,
        organizer: shown.markupCents,
        platform: shown.feeCents,
      });
      const back = splitRefund(ledger.grossShares, refunded);
      checks.same('refund parts add up', back.truck + back.organizer + back.platform, refunded);
      checks.same('shares kept', ledger.shares, {
        truck: shown.menuCents - back.truck,
        organizer: shown.markupCents - back.organizer,
        platform: shown.feeCents - back.platform,
      });
      if (refunded === price.totalCents)
        checks.same('nothing kept of a full refund', ledger.shares, { truck: 0, organizer: 0, platform: 0 });
      // The organizer's own totals count the same markup.
      const totals = computeEventTotals([{ status: 'charged', lines: sold }], markup);
      checks.same(
        "the organizer's totals",
        { food: totals.foodSalesCents, markup: totals.markupRaisedCents },
        { food: shown.menuCents, markup: shown.markupCents },
      );
      checks.check('the fee is never negative', shown.feeCents >= 0);
      checks.assertNone({ n, markup, lines, refunded });
    }
  });
});
