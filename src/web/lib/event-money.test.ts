import '@web/test/english';
import { describe, expect, it } from 'vitest';
import { describeClosedNotice } from '../features/event-page/closed-notice';
import { eventPageState } from '../features/event-page/event-page-state';
import { pendingEvent } from '../test/fixtures';
import { eventMoney, parseTypedAmount } from './event-money';

describe('eventMoney', () => {
  it('reads the API decimal in the currency and writes it as the language does', () => {
    const yen = eventMoney('JPY', 'en');
    expect(yen.parse('1500')).toBe(1500);
    expect(yen.format(1500)).toBe('¥1,500');
    expect(() => yen.parse('15.00')).toThrow(RangeError);
    const dollars = eventMoney('USD', 'en');
    expect(dollars.parse('12.50')).toBe(1250);
    expect(dollars.format(1250)).toBe('$12.50');
    expect(eventMoney('USD', 'es').format(1250)).toBe('$12.50');
    expect(eventMoney('MXN', 'en').format(10350)).toBe('MX$103.50');
  });
});

describe('parseTypedAmount', () => {
  it('takes what a diner types in the currency, with or without its sign', () => {
    expect(parseTypedAmount('', 'USD', 6)).toBe(0);
    expect(parseTypedAmount('5', 'USD', 6)).toBe(500);
    expect(parseTypedAmount(' $5.5 ', 'USD', 6)).toBe(550);
    expect(parseTypedAmount('€12.50', 'EUR', 6)).toBe(1250);
    expect(parseTypedAmount('MX$20', 'MXN', 5)).toBe(2000);
    expect(parseTypedAmount('¥500', 'JPY', 6)).toBe(500);
    expect(parseTypedAmount('50000', 'JPY', 6)).toBe(50_000);
  });

  it('refuses decimals the currency has not, and too many digits', () => {
    expect(parseTypedAmount('5.50', 'JPY', 6)).toBeNull();
    expect(parseTypedAmount('5.505', 'USD', 6)).toBeNull();
    expect(parseTypedAmount('1234567', 'USD', 6)).toBeNull();
    expect(parseTypedAmount('123456789', 'JPY', 6)).toBeNull();
    expect(parseTypedAmount('-5', 'USD', 6)).toBeNull();
    expect(parseTypedAmount('five', 'USD', 6)).toBeNull();
  });
});

describe("the event's funding in its currency", () => {
  it('reads a yen event’s sales and goal as yen, and says a shortfall in yen', () => {
    const event = { ...pendingEvent, status: 'confirmed' as const, currency: 'JPY' as const };
    const { funding } = eventPageState(
      { ...event, currentSales: '54000', minimumSales: '60000' },
      new Date('2030-05-20T12:00:00Z'),
    );
    expect(funding).toEqual({ currentCents: 54_000, goalCents: 60_000 });
    expect(describeClosedNotice('shortfall', funding, undefined, 'JPY').text).toContain(
      'some charges failed and ¥6,000 is missing',
    );
    expect(describeClosedNotice('shortfall', { currentCents: 900, goalCents: 1000 }).text).toContain(
      'some charges failed and $1.00 is missing',
    );
  });
});
