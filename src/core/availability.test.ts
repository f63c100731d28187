import { describe, expect, it } from 'vitest';
import { addDays, availabilityOn, nextFreeDate, unavailableMessage, weekdayOf } from './availability';

const calendar = {
  ranges: [{ startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'Holiday' }],
  weekdays: [1],
  bookedDates: ['2026-12-05'],
};

describe('a truck’s availability', () => {
  it('reads weekdays and adds days across months, years and daylight-saving changes', () => {
    expect(weekdayOf('2026-12-05')).toBe(6);
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('is unavailable when booked, inside a marked period (both ends) and on days off', () => {
    expect(availabilityOn('2026-12-05', calendar)).toEqual({
      available: false,
      reason: 'booked',
      note: null,
    });
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26']) {
      expect(availabilityOn(date, calendar)).toEqual({
        available: false,
        reason: 'unavailable',
        note: 'Holiday',
      });
    }
    expect(availabilityOn('2026-12-07', calendar).available).toBe(false);
    expect(availabilityOn('2026-12-27', calendar).available).toBe(true);
    expect(availabilityOn('2026-12-23', calendar).available).toBe(true);
  });

  it('finds the next free date, or none within the horizon', () => {
    expect(nextFreeDate('2026-12-24', calendar)).toBe('2026-12-27');
    expect(nextFreeDate('2026-12-28', calendar)).toBe('2026-12-29');
    expect(
      nextFreeDate('2026-12-01', { ranges: [], weekdays: [0, 1, 2, 3, 4, 5, 6], bookedDates: [] }),
    ).toBeNull();
  });

  it('says why in words an organizer can act on', () => {
    const say = (date: string) => unavailableMessage('Taco Loco', date, availabilityOn(date, calendar));
    expect(say('2026-12-05')).toBe(
      'Taco Loco is already booked on Saturday, December 5, 2026. Please choose another date or truck.',
    );
    expect(say('2026-12-25')).toBe(
      'Taco Loco is not available on Friday, December 25, 2026 (Holiday). Please choose another date or truck.',
    );
    expect(say('2026-12-07')).toBe(
      'Taco Loco does not work on Mondays. Please choose another date or truck.',
    );
    expect(say('2026-12-08')).toBeNull();
  });
});
