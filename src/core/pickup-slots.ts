import { formatEventTime } from './time';

/**
 * The pickup window (docs/decisions/226-pickup-slots.md): an event's time from its start to its end,
 * cut into slots of one length, each taking up to `capacity` orders. A slot is named by its start (an
 * ISO instant), which is what a diner sends at checkout. Orders hold their slot as they hold stock.
 */
export const PICKUP_SLOT_MINUTES = [10, 15, 20, 30] as const;

/** The most orders one slot may take: far more than any window serves in 30 minutes. */
export const MAX_SLOT_CAPACITY = 1_000;
/** An event has at most this many slots (a 24-hour event in 10-minute slots is 144). */
export const MAX_PICKUP_SLOTS = 200;

const MINUTE = 60_000;

/** The starts of the slots from the event's start to its end; the last one ends at or before the end. */
export function planPickupSlots(window: { startsAt: Date; endsAt: Date }, minutes: number): Date[] {
  const starts: Date[] = [];
  const length = minutes * MINUTE;
  for (
    let at = window.startsAt.getTime();
    at + length <= window.endsAt.getTime() && starts.length < MAX_PICKUP_SLOTS;
    at += length
  ) {
    starts.push(new Date(at));
  }
  return starts;
}

export interface PickupSlotState {
  startsAt: Date;
  minutes: number;
  capacity: number;
  held: number;
  closed: boolean;
}

/** Places left in a slot: none once closed, never below zero (the truck may lower the capacity). */
export function slotRemaining(slot: Pick<PickupSlotState, 'capacity' | 'held' | 'closed'>): number {
  return slot.closed ? 0 : Math.max(0, slot.capacity - slot.held);
}

/**
 * The slot to offer when the one a diner chose is full: the first later slot with a place, else the
 * first earlier one; null when every slot is full. Slots that have ended by `now` are never offered.
 */
export function nextOpenSlot<T extends PickupSlotState>(
  slots: readonly T[],
  chosen: Date,
  now: Date,
): T | null {
  const open = slots.filter(
    (s) => slotRemaining(s) > 0 && s.startsAt.getTime() + s.minutes * MINUTE > now.getTime(),
  );
  const sorted = [...open].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return sorted.find((s) => s.startsAt.getTime() > chosen.getTime()) ?? sorted.at(-1) ?? null;
}

/**
 * How the event day orders its slots: the slot going on now first, then the later ones in time, then
 * the ones already over (latest first), and orders without a slot last.
 */
export function eventDaySlotOrder(
  slotStarts: readonly (Date | null)[],
  minutes: number,
  now: Date,
): (Date | null)[] {
  const unique = [...new Map(slotStarts.map((s) => [s?.getTime() ?? null, s])).values()];
  const t = now.getTime();
  const rank = (s: Date | null): [number, number] => {
    if (s === null) return [3, 0];
    const start = s.getTime();
    if (start <= t && t < start + minutes * MINUTE) return [0, start];
    if (start > t) return [1, start];
    return [2, -start];
  };
  return unique.sort((a, b) => {
    const [ra, ka] = rank(a);
    const [rb, kb] = rank(b);
    return ra - rb || ka - kb;
  });
}

/** "6:00 PM–6:15 PM EST"-style label of a slot, in the event's zone and the reader's locale. */
export function formatPickupSlot(startsAt: Date, minutes: number, timeZone: string, locale?: string): string {
  const end = new Date(startsAt.getTime() + minutes * MINUTE);
  return `${formatEventTime(startsAt, timeZone, locale)}–${formatEventTime(end, timeZone, locale)}`;
}
