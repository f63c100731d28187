import { describe, expect, it } from 'vitest';
import type { EventStatus } from './event-status';
import {
  addDays,
  availabilityOn,
  eventsInTheWay,
  heldDateMessage,
  nextFreeDate,
  unavailableMessage,
  weekdayOf,
  type HeldDate,
} from './availability';

const calendar = {
  ranges: [{ startsOn: '2026-12-24', endsOn: '2026-12-26' }],
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
    expect(availabilityOn('2026-12-05', calendar)).toEqual({ available: false, reason: 'booked' });
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26']) {
      expect(availabilityOn(date, calendar)).toEqual({ available: false, reason: 'unavailable' });
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
      'Taco Loco is not available on Friday, December 25, 2026. Please choose another date or truck.',
    );
    expect(say('2026-12-07')).toBe(
      'Taco Loco does not work on Mondays. Please choose another date or truck.',
    );
    expect(say('2026-12-08')).toBeNull();
  });
});

describe('blocking days that hold an accepted event', () => {
  const event = (eventId: number, date: string, status: EventStatus): HeldDate => ({
    eventId,
    title: `Event ${eventId}`,
    date,
    status,
  });
  // 2026-12-20 is a Sunday, 2026-12-21 a Monday.
  const events = [
    event(1, '2026-12-20', 'approved'),
    event(2, '2026-12-21', 'processing'),
    event(3, '2026-12-22', 'confirmed'),
    event(4, '2026-12-20', 'pending_approval'),
    event(5, '2026-12-20', 'cancelled'),
    event(6, '2026-12-20', 'closed'),
    event(7, '2026-12-20', 'payment_failed'),
    event(8, '2026-12-20', 'rejected'),
  ];
  const ids = (found: HeldDate[]) => found.map((e) => e.eventId);

  it.each([
    // [the block, the events in its way]
    [{ startsOn: '2026-12-20', endsOn: '2026-12-20' }, [1]],
    [{ startsOn: '2026-12-19', endsOn: '2026-12-21' }, [1, 2]],
    [{ startsOn: '2026-12-21', endsOn: '2026-12-31' }, [2, 3]],
    [{ startsOn: '2026-12-23', endsOn: '2026-12-31' }, []],
    [{ startsOn: '2026-12-01', endsOn: '2026-12-19' }, []],
    [{ weekdays: [0], from: '2026-12-01' }, [1]],
    [{ weekdays: [0, 1], from: '2026-12-21' }, [2]],
    [{ weekdays: [3, 4, 5, 6], from: '2026-12-01' }, []],
  ] as const)('%o is in the way of events %o', (block, expected) => {
    expect(ids(eventsInTheWay(block, events))).toEqual(expected);
  });

  it('names the event, or the first three and how many more, and says how to call it off', () => {
    expect(heldDateMessage([])).toBeNull();
    expect(heldDateMessage([event(1, '2026-12-20', 'approved')])).toBe(
      'You accepted “Event 1” on Sunday, December 20, 2026. Blocking that date would not call that event off: ' +
        "if you can't come, call that event off from My Bookings first (diners and the organizer are told), " +
        'then block the date.',
    );
    const two = heldDateMessage([event(1, '2026-12-20', 'approved'), event(2, '2026-12-21', 'confirmed')]);
    expect(two).toMatch(
      /^You accepted “Event 1” on Sunday, December 20, 2026 and “Event 2” on Monday, December 21, 2026\. Blocking those dates/,
    );
    const five = heldDateMessage([1, 2, 3, 4, 5].map((n) => event(n, `2026-12-2${n}`, 'approved')));
    expect(five).toContain('“Event 3” on Wednesday, December 23, 2026 and 2 more.');
    expect(five).not.toContain('Event 4');
  });
});
