import { describe, expect, it } from 'vitest';
import {
  computeEventLedger,
  splitOrder,
  splitRefund,
  splitTruckRefund,
  type LedgerOrder,
} from './payout-ledger';
import { priceOrder } from './pricing';
import {
  computeSalesTax,
  decideTip,
  effectiveSalesTax,
  priceCheckout,
  TIP_PERCENTS,
  type TipPercent,
  type TipChoice,
  type SalesTaxRule,
} from './tips-and-tax';
import { CURRENCY_LIMITS } from './currency-limits';
import { Breaches } from '../../tests/support/breaches';
import { ledgerLines, randomCarts } from '../../tests/support/random-carts';

/** The largest tip in US dollars: $500.00. */
const MAX_TIP_CENTS = CURRENCY_LIMITS.USD.tipMax;

/**
 * Tips and sales tax (docs/decisions/188-tips.md, 189-sales-tax.md): over many thousands of carts, tax
 * rules and tips, the price a diner is shown adds up to what is charged, the tax is the order's taxable
 * base × rate rounded half up once, the truck's share is its food plus the tax plus the tip, and every
 * partial refund returns tax and tip in proportion, never shrinking, whole at a whole refund.
 */
describe('tips and sales tax, property', () => {
  it(
    'adds up and refunds in proportion over 20,000 orders with 1–5 partial refunds each',
    { timeout: 60_000 },
    () => {
      const { random, int, ...carts } = randomCarts(20261189);
      let refunds = 0;
      for (let n = 0; n < 20_000; n++) {
        const markup = carts.markup();
        const lines = carts.lines();
        const onFood = random() < 0.8;
        const tax: SalesTaxRule = {
          basisPoints: random() < 0.2 ? 0 : int(1, 2500),
          onFood,
          onMarkup: !onFood || random() < 0.4,
        };
        const food = lines.reduce((sum, l) => sum + l.baseCents * l.quantity, 0);
        const pickTip = random();
        const tipChoice: TipChoice | undefined =
          pickTip < 0.25
            ? undefined
            : pickTip < 0.75
              ? { percent: TIP_PERCENTS[int(0, 2)] as TipPercent }
              : { amountCents: int(0, MAX_TIP_CENTS) };
        const tip = decideTip(tipChoice, food, 'USD');
        if (tip.kind !== 'allowed') expect.fail(`tip refused: ${JSON.stringify(tipChoice)}`);
        const checks0 = new Breaches();
        const price = priceCheckout(lines, markup, tax, tipChoice);
        checks0.same('tip as decided', price.tipCents, tip.tipCents);
        const sold = ledgerLines(priceOrder(lines, markup));
        const checks = new Breaches();
        const taxable = (onFood ? price.menuCents : 0) + (tax.onMarkup ? price.markupCents : 0);
        const exactTax = (taxable * tax.basisPoints) / 10000;
        checks.check(
          'tax rounded half up once',
          price.taxCents - exactTax <= 0.5 && exactTax - price.taxCents < 0.5,
        );
        checks.same('lines add up', price.menuCents + price.markupCents + price.feeCents, price.linesCents);
        checks.same('shown = charged', price.linesCents + price.taxCents + price.tipCents, price.totalCents);
        checks.same(
          'lines as the order engine prices them',
          priceOrder(lines, markup).totalCents,
          price.linesCents,
        );
        if (tipChoice && 'percent' in tipChoice) {
          checks.check('tip of the food', Math.abs(tip.tipCents - (food * tipChoice.percent) / 100) <= 0.5);
        }
        const order = (refundedCents: number): LedgerOrder => ({
          totalCents: price.totalCents,
          refundedCents,
          taxCents: price.taxCents,
          tipCents: price.tipCents,
          lines: sold,
        });
        const split = splitOrder(order(0), markup);
        checks.same(
          'gross shares',
          [split.truck, split.organizer, split.platform],
          [price.menuCents + price.taxCents + price.tipCents, price.markupCents, price.feeCents],
        );
        checks.assertNone({ n, markup, lines, tax, tipChoice, price });
        checks0.assertNone({ n, tipChoice });

        const total = price.totalCents;
        let previous = { tax: 0, tip: 0, food: 0 };
        for (const refunded of carts.refunds(total, sold)) {
          refunds++;
          const ledger = computeEventLedger([order(refunded)], markup);
          const back = splitTruckRefund(split, splitRefund(split, refunded).truck);
          const step_ = new Breaches();
          step_.same('tax kept', ledger.tax.keptCents, price.taxCents - back.tax);
          step_.same('tip kept', ledger.tips.keptCents, price.tipCents - back.tip);
          step_.same(
            'truck parts add up',
            back.tax + back.tip + back.food,
            split.truck - ledger.shares.truck,
          );
          step_.same(
            'shares add up',
            ledger.shares.truck + ledger.shares.organizer + ledger.shares.platform,
            total - refunded,
          );
          const exactTaxBack = (price.taxCents * refunded) / total;
          const exactTipBack = (price.tipCents * refunded) / total;
          step_.check('tax refund in proportion', Math.abs(back.tax - exactTaxBack) < 2);
          step_.check('tip refund in proportion', Math.abs(back.tip - exactTipBack) < 3);
          for (const part of ['tax', 'tip', 'food'] as const) {
            step_.check(`${part} handed back`, back[part] >= previous[part]);
            step_.check(
              `${part} over`,
              back[part] <= (part === 'food' ? split.truck : split[part === 'tax' ? 'truckTax' : 'truckTip']),
            );
          }
          if (refunded === total) {
            step_.same(
              'whole refund',
              [back.tax, back.tip, ledger.tax.keptCents, ledger.tips.keptCents],
              [price.taxCents, price.tipCents, 0, 0],
            );
          }
          step_.assertNone({ n, markup, lines, tax, price, refunded, back });
          previous = back;
        }
      }
      expect(refunds).toBeGreaterThan(40_000);
    },
  );
});

describe('sales tax', () => {
  const rule: SalesTaxRule = { basisPoints: 1000, onFood: true, onMarkup: false };

  it('rounds once per order on the whole taxable base, never per line', () => {
    // Two $0.05 lines at 10%: per line each would round 0.5 up to 1 cent (2 cents); per order 1 cent.
    const lines = [
      { menuItemId: 1, quantity: 1, baseCents: 5 },
      { menuItemId: 2, quantity: 1, baseCents: 5 },
    ];
    expect(priceCheckout(lines, 0, rule, undefined).taxCents).toBe(1);
    expect(computeSalesTax({ menuCents: 5, markupCents: 0 }, rule)).toBe(1); // 0.5 rounds up
    expect(computeSalesTax({ menuCents: 4, markupCents: 0 }, rule)).toBe(0);
  });

  it('applies to the food, the markup, or both, never to the platform fee', () => {
    const lines = [{ menuItemId: 1, quantity: 2, baseCents: 1000 }];
    // $20.00 of food, 10% markup ($2.00), 5% fee ($1.00); 8.25% tax.
    const at = (onFood: boolean, onMarkup: boolean) =>
      priceCheckout(lines, 1000, { basisPoints: 825, onFood, onMarkup }, undefined);
    expect(at(true, false)).toMatchObject({ taxCents: 165, totalCents: 2300 + 165 });
    expect(at(false, true)).toMatchObject({ taxCents: 17, totalCents: 2300 + 17 });
    expect(at(true, true)).toMatchObject({ taxCents: 182, totalCents: 2300 + 182 });
    expect(() =>
      computeSalesTax({ menuCents: 2000, markupCents: 200 }, { ...rule, basisPoints: 2501 }),
    ).toThrow(RangeError);
  });

  it('takes the event’s rate when the truck set one, else the profile’s', () => {
    const truck = { basisPoints: 825, onFood: true, onMarkup: true };
    expect(effectiveSalesTax(truck, null)).toEqual(truck);
    expect(effectiveSalesTax(truck, 0)).toEqual({ ...truck, basisPoints: 0 });
    expect(effectiveSalesTax(truck, 950).basisPoints).toBe(950);
  });
});

describe('decideTip', () => {
  it('takes a percentage of the food, rounded half up, or an amount up to $500', () => {
    expect(decideTip(undefined, 2345, 'USD')).toEqual({ kind: 'allowed', tipCents: 0 });
    expect(decideTip({ percent: 15 }, 2345, 'USD')).toEqual({ kind: 'allowed', tipCents: 352 }); // 351.75
    expect(decideTip({ percent: 10 }, 2345, 'USD')).toEqual({ kind: 'allowed', tipCents: 235 }); // 234.5
    expect(decideTip({ amountCents: 0 }, 2345, 'USD')).toEqual({ kind: 'allowed', tipCents: 0 });
    expect(decideTip({ amountCents: MAX_TIP_CENTS }, 100, 'USD')).toEqual({
      kind: 'allowed',
      tipCents: 50_000,
    });
  });

  it('refuses negative, absurd and malformed tips with a sentence', () => {
    expect(decideTip({ amountCents: -1 }, 100, 'USD')).toEqual({
      kind: 'refused',
      message: 'A tip cannot be negative',
    });
    expect(decideTip({ amountCents: MAX_TIP_CENTS + 1 }, 100, 'USD')).toMatchObject({
      kind: 'refused',
      message: 'A tip can be at most $500.00',
    });
    expect(decideTip({ amountCents: 1.5 }, 100, 'USD')).toMatchObject({
      message: 'A tip must be whole cents',
    });
    expect(decideTip({ percent: 12 as 10 }, 100, 'USD').kind).toBe('refused');
  });

  it('holds an amount to the largest tip of the event’s currency, named in it', () => {
    expect(decideTip({ amountCents: 20_000 }, 100, 'JPY')).toEqual({ kind: 'allowed', tipCents: 20_000 });
    expect(decideTip({ amountCents: 75_000 }, 100, 'JPY')).toEqual({ kind: 'allowed', tipCents: 75_000 });
    expect(decideTip({ amountCents: 75_001 }, 100, 'JPY')).toMatchObject({
      kind: 'refused',
      message: 'A tip can be at most ¥75,000',
      limit: { sentence: 'tipTooLarge', amount: 75_000, currency: 'JPY' },
    });
    expect(decideTip({ amountCents: 1_000_000 }, 100, 'MXN').kind).toBe('allowed');
    expect(decideTip({ amountCents: 1_000_001 }, 100, 'MXN')).toMatchObject({
      message: 'A tip can be at most MX$10,000.00',
    });
    expect(decideTip({ amountCents: 50_001 }, 100, 'EUR')).toMatchObject({
      message: 'A tip can be at most €500.00',
    });
  });
});
