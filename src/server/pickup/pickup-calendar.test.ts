import { describe, expect, it } from 'vitest';
import { pickupCalendarEvent } from './pickup-slots';

const event = {
  startsAt: new Date('2026-12-09T18:00:00Z'),
  endsAt: new Date('2026-12-09T21:00:00Z'),
  timeZone: 'UTC',
  details: ['Food truck: Taco Loco'],
};
const slots = [
  { startsAt: new Date('2026-12-09T18:15:00Z'), minutes: 15, capacity: 5, held: 1, closed: false },
];

describe('pickupCalendarEvent', () => {
  it('is the slot, named in the file’s language; the whole event for a slot not the event’s', () => {
    const en = pickupCalendarEvent(event, slots, '2026-12-09T18:15:00.000Z');
    expect(en).toMatchObject({
      startsAt: new Date('2026-12-09T18:15:00Z'),
      endsAt: new Date('2026-12-09T18:30:00Z'),
    });
    expect(en.details.at(-1)).toMatch(/^Your pickup time: 6:15\sPM UTC–6:30\sPM UTC$/);
    const es = pickupCalendarEvent(event, slots, '2026-12-09T18:15:00.000Z', 'es');
    expect(es.details.at(-1)).toMatch(/^Tu hora de recogida: 6:15/);
    expect(pickupCalendarEvent(event, slots, '2026-12-09T18:20:00.000Z')).toBe(event);
  });
});
