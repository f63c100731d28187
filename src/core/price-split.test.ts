import { describe, it } from 'vitest';
import { computeEventTotals } from './event-totals';
import { computeEventLedger, splitRefund, type LedgerOrder } from './payout-ledger';
import { priceOrder, splitOrderPrice } from './pricing';
import { Breaches } from '../../tests/support/breaches';
import { ledgerLines, randomCarts } from '../../tests/support/random-carts';

describe('one split for every party', () => {
  it('pays the organizer exactly the markups diners were shown, the platform the fees, the truck the food, less refunds (20,000 orders)', () => {
    const { random, int, ...carts } = randomCarts(20261126);
    for (let n = 0; n < 20_000; n++) {
      const markup = carts.markup();
      const lines = carts.lines();
      const price = priceOrder(lines, markup);
      // What the diner's breakdown shows for this order.
      const shown = splitOrderPrice(lines, markup);
      const checks = new Breaches();
      checks.same('the breakdown adds up to the price', shown.unitCents, price.totalCents);
      const sold = ledgerLines(price);
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
