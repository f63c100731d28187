import { describe, expect, it } from 'vitest';
import { todayOnThisDevice } from './event-time';

describe('todayOnThisDevice', () => {
  it('is the local calendar date, zero-padded', () => {
    expect(todayOnThisDevice(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
