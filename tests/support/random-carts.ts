import type { LedgerLine } from '../../src/core/payout-ledger';
import type { OrderPrice, PricedLine } from '../../src/core/pricing';
import { seededRandom } from './seeded-random';

/**
 * The random events and carts of the money property tests (the split, partial refunds, tips and tax),
 * so that they all try the same spread of cases: a fifth of events without a markup, one to three
 * lines of up to 12 units each, almost a third of them priced under a dollar. Seeded, so that a
 * failing case is replayed from its seed; `random` and `int` draw from the same sequence.
 */
export function randomCarts(seed: number) {
  const random = seededRandom(seed);
  /** A whole number from `min` to `max`, both included. */
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    int,
    /** An event's markup in basis points. */
    markup: () => (random() < 0.2 ? 0 : int(0, 10_000)),
    /** A cart's lines. */
    lines: (): PricedLine[] =>
      Array.from({ length: int(1, 3) }, (_, i) => ({
        menuItemId: i + 1,
        quantity: int(1, 12),
        baseCents: random() < 0.3 ? int(1, 99) : int(100, 50_000),
      })),
    /**
     * One to five partial refunds of an order, as the running total refunded after each: a missing
     * item (a line's unit price), a few cents, or the whole rest; none once the order is refunded in full.
     */
    refunds: (totalCents: number, lines: readonly LedgerLine[]): number[] => {
      const totals: number[] = [];
      let refunded = 0;
      const steps = int(1, 5);
      for (let step = 0; step < steps && refunded < totalCents; step++) {
        const left = totalCents - refunded;
        const pick = random();
        const line = lines[int(0, lines.length - 1)]!;
        refunded += Math.min(left, pick < 0.4 ? line.unitCents : pick < 0.8 ? int(1, left) : left);
        totals.push(refunded);
      }
      return totals;
    },
  };
}

/** A priced order's lines as the payout ledger keeps them. */
export function ledgerLines(price: OrderPrice): LedgerLine[] {
  return price.lines.map((l) => ({ quantity: l.quantity, baseCents: l.baseCents, unitCents: l.unitCents }));
}
