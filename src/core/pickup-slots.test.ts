import { describe, expect, it } from 'vitest';
import {
  eventDaySlotOrder,
  nextOpenSlot,
  planPickupSlots,
  slotRemaining,
  type PickupSlotState,
} from './pickup-slots';

const at = (hhmm: string) => new Date(`2026-12-05T${hhmm}:00Z`);

describe('planPickupSlots', () => {
  it('cuts the event from its start to its end; a last slot that would run past the end is left out', () => {
    const slots = planPickupSlots({ startsAt: at('18:00'), endsAt: at('19:10') }, 20);
    expect(slots.map((s) => s.toISOString().slice(11, 16))).toEqual(['18:00', '18:20', '18:40']);
  });

  it('answers no slot when the event is shorter than one', () => {
    expect(planPickupSlots({ startsAt: at('18:00'), endsAt: at('18:10') }, 15)).toEqual([]);
  });

  it('never plans more than 200 slots', () => {
    const slots = planPickupSlots(
      { startsAt: at('00:00'), endsAt: new Date(at('00:00').getTime() + 3 * 86_400_000) },
      10,
    );
    expect(slots).toHaveLength(200);
  });
});

const slot = (hhmm: string, capacity: number, held: number, closed = false): PickupSlotState => ({
  startsAt: at(hhmm),
  minutes: 15,
  capacity,
  held,
  closed,
});

describe('slotRemaining', () => {
  it('counts the places left, none when closed, never below zero', () => {
    expect(slotRemaining(slot('18:00', 5, 2))).toBe(3);
    expect(slotRemaining(slot('18:00', 5, 2, true))).toBe(0);
    expect(slotRemaining(slot('18:00', 2, 5))).toBe(0);
  });
});

describe('nextOpenSlot', () => {
  const slots = [slot('18:00', 2, 0), slot('18:15', 2, 2), slot('18:30', 2, 2, false), slot('18:45', 2, 1)];

  it('offers the first later slot with a place', () => {
    expect(nextOpenSlot(slots, at('18:15'), at('12:00'))?.startsAt).toEqual(at('18:45'));
  });

  it('offers an earlier one when no later slot has a place, and never one that is over', () => {
    const full = [slot('18:00', 2, 0), slot('18:15', 2, 0), slot('18:30', 2, 2)];
    expect(nextOpenSlot(full, at('18:30'), at('12:00'))?.startsAt).toEqual(at('18:15'));
    expect(nextOpenSlot(full, at('18:30'), at('18:20'))?.startsAt).toEqual(at('18:15'));
    expect(nextOpenSlot(full, at('18:30'), at('18:31'))).toBeNull();
  });
});

describe('eventDaySlotOrder', () => {
  it('puts the slot going on now first, then the later ones, then those over, then no slot', () => {
    const order = eventDaySlotOrder(
      [at('18:00'), null, at('18:30'), at('18:15'), at('18:45'), at('18:00')],
      15,
      at('18:20'),
    );
    expect(order).toEqual([at('18:15'), at('18:30'), at('18:45'), at('18:00'), null]);
  });
});
