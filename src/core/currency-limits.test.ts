import { describe, expect, it } from 'vitest';
import enServer from '../locales/en/server.json' with { type: 'json' };
import { CURRENCIES } from './currency';
import {
  amountOffRefusal,
  chargeRefusal,
  CURRENCY_LIMITS,
  giftRefusal,
  LIMIT_SENTENCES,
  limitRefusal,
  sponsorMinimumRefusal,
} from './currency-limits';

/** The app's fixed amounts per currency (decision 230), and the sentences that name them. */
describe('the limits table', () => {
  it('has each currency’s own amounts, in its minor units', () => {
    expect(CURRENCY_LIMITS).toEqual({
      USD: { minCharge: 50, maxCharge: 99_999_999, tipMax: 50_000, giftMax: 1_000_000, giftAloneMin: 100 },
      CAD: { minCharge: 50, maxCharge: 99_999_999, tipMax: 50_000, giftMax: 1_000_000, giftAloneMin: 100 },
      EUR: { minCharge: 50, maxCharge: 99_999_999, tipMax: 50_000, giftMax: 1_000_000, giftAloneMin: 100 },
      GBP: { minCharge: 30, maxCharge: 99_999_999, tipMax: 50_000, giftMax: 1_000_000, giftAloneMin: 100 },
      MXN: {
        minCharge: 1_000,
        maxCharge: 99_999_999,
        tipMax: 1_000_000,
        giftMax: 20_000_000,
        giftAloneMin: 2_000,
      },
      JPY: { minCharge: 50, maxCharge: 99_999_999, tipMax: 75_000, giftMax: 1_500_000, giftAloneMin: 100 },
    });
  });

  it.each(CURRENCIES)(
    'keeps %s’s limits in order: a gift alone is a charge the provider takes',
    (currency) => {
      const limits = CURRENCY_LIMITS[currency];
      expect(limits.giftAloneMin).toBeGreaterThanOrEqual(limits.minCharge);
      expect(limits.tipMax).toBeLessThan(limits.giftMax);
      expect(limits.giftMax).toBeLessThan(limits.maxCharge);
    },
  );

  it('says each sentence in English as the server catalog does', () => {
    expect(enServer.limits).toEqual(LIMIT_SENTENCES);
  });
});

describe('refusals named in the currency', () => {
  it('words US dollars exactly as the product always has', () => {
    expect(limitRefusal('tipTooLarge', 50_000, 'USD').message).toBe('A tip can be at most $500.00');
    expect(giftRefusal(99, false, 'USD')?.message).toBe('A gift on its own is at least $1.00');
    expect(giftRefusal(1_000_001, true, 'USD')?.message).toBe('A gift can be at most $10,000.00');
    expect(chargeRefusal(49, 'USD')?.message).toBe('The minimum order is $0.50');
    expect(chargeRefusal(100_000_000, 'USD')?.message).toBe(
      'An order can come to at most $999,999.99, the most a card can be charged at once. Please split it into smaller orders.',
    );
    expect(amountOffRefusal(0, 'USD')?.message).toBe('An amount off is at least $0.01');
    expect(amountOffRefusal(1_000_001, 'USD')?.message).toBe('An amount off is at most $10,000.00');
    expect(sponsorMinimumRefusal(99, 'USD')?.message).toBe('At least $1.00');
  });

  it('names yen, pesos and pounds in their own money', () => {
    expect(giftRefusal(99, false, 'JPY')?.message).toBe('A gift on its own is at least ¥100');
    expect(giftRefusal(1_500_001, true, 'JPY')).toMatchObject({
      sentence: 'giftTooLarge',
      amount: 1_500_000,
      currency: 'JPY',
      message: 'A gift can be at most ¥1,500,000',
    });
    expect(giftRefusal(1_999, false, 'MXN')?.message).toBe('A gift on its own is at least MX$20.00');
    expect(chargeRefusal(29, 'GBP')?.message).toBe('The minimum order is £0.30');
    expect(chargeRefusal(999, 'MXN')?.message).toBe('The minimum order is MX$10.00');
    expect(chargeRefusal(49, 'JPY')?.message).toBe('The minimum order is ¥50');
    expect(amountOffRefusal(0, 'JPY')?.message).toBe('An amount off is at least ¥1');
    expect(sponsorMinimumRefusal(1_999, 'MXN')?.message).toBe('At least MX$20.00');
    expect(sponsorMinimumRefusal(1_500_001, 'JPY')?.message).toBe('At most ¥1,500,000');
  });

  it('lets through what is within the limits', () => {
    expect(giftRefusal(50, true, 'USD')).toBeNull(); // with food, a gift may be small
    expect(giftRefusal(0, false, 'MXN')).toBeNull();
    expect(giftRefusal(100, false, 'JPY')).toBeNull();
    expect(chargeRefusal(30, 'GBP')).toBeNull();
    expect(chargeRefusal(99_999_999, 'JPY')).toBeNull();
    expect(amountOffRefusal(1, 'EUR')).toBeNull();
    expect(sponsorMinimumRefusal(2_000, 'MXN')).toBeNull();
  });
});
