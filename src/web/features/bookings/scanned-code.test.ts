import { describe, expect, it } from 'vitest';
import { readScannedCode } from './scanned-code';

describe('readScannedCode', () => {
  it("reads the receipt's event-day link for this event", () => {
    expect(readScannedCode('https://fund.example/bookings/12/day?code=k7q2m', 12)).toEqual({
      kind: 'code',
      code: 'K7Q2M',
    });
    expect(readScannedCode('http://192.168.1.5:3000/bookings/12/day?code=K7Q2M', 12)).toEqual({
      kind: 'code',
      code: 'K7Q2M',
    });
  });

  it('says when the receipt is for another event', () => {
    expect(readScannedCode('https://fund.example/bookings/13/day?code=K7Q2M', 12)).toEqual({
      kind: 'other-event',
      eventId: 13,
      code: 'K7Q2M',
    });
  });

  it('takes a bare pickup code, and nothing else', () => {
    expect(readScannedCode(' k7q2m ', 12)).toEqual({ kind: 'code', code: 'K7Q2M' });
    expect(readScannedCode('https://evil.example/phish', 12)).toEqual({ kind: 'unknown' });
    expect(readScannedCode('https://fund.example/bookings/12/day?code=<script>', 12)).toEqual({
      kind: 'unknown',
    });
    expect(readScannedCode('hello world', 12)).toEqual({ kind: 'unknown' });
  });
});
