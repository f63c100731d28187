import type { EventStatus } from './event-status';

/**
 * Calling an event off, by the clock (docs/decisions/127-call-off-by-the-clock.md). Before the start it
 * is cancelled: every hold is released and every charge refunded. From the start until the end it is
 * cut short: what was not yet collected is released or refunded, what was collected stays charged and
 * stays the truck's. After the end nothing is called off; a truck corrects single orders instead.
 */
export type CallOff = { kind: 'cancel' } | { kind: 'cut-short' } | { kind: 'refused'; message: string };

export const CALL_OFF_AFTER_END =
  'This event has already ended, so it can no longer be called off. The truck can still refund single orders.';
export const CALL_OFF_TOO_LATE = 'This event can no longer be cancelled';

const CALLABLE: readonly EventStatus[] = ['pending_approval', 'approved', 'processing', 'confirmed'];
/** Statuses in which an event that has started is under way: food is being handed over. */
const UNDER_WAY: readonly EventStatus[] = ['processing', 'confirmed'];

export function decideCallOff(
  event: { status: EventStatus; startsAt: Date; endsAt: Date },
  now: Date,
): CallOff {
  if (!CALLABLE.includes(event.status)) return { kind: 'refused', message: CALL_OFF_TOO_LATE };
  if (now >= event.endsAt) return { kind: 'refused', message: CALL_OFF_AFTER_END };
  if (now >= event.startsAt && UNDER_WAY.includes(event.status)) return { kind: 'cut-short' };
  return { kind: 'cancel' };
}

export type CalledOffBy = 'organizer' | 'truck' | 'admin' | 'system';

/** What an event's record says about how it was called off, if it was. */
export interface CallOffRecord {
  status: EventStatus;
  cancelledBy: CalledOffBy | null;
  cancelReason: string | null;
  cancelNote: string | null;
  cutShortAt: Date | string | null;
}

/** Who called it off, as a diner reads it; names (business or user names) when the reader may know them. */
export function calledOffBy(
  record: Pick<CallOffRecord, 'cancelledBy' | 'cancelReason'>,
  names: { organizer?: string; truck?: string } = {},
): string {
  switch (record.cancelledBy) {
    case 'organizer':
      return names.organizer ? `the organizer (${names.organizer})` : 'the organizer';
    case 'truck':
      return names.truck ? `the food truck (${names.truck})` : 'the food truck';
    case 'admin':
      return 'Food Truck Fund';
    default:
      return record.cancelReason === 'unfunded'
        ? 'us, because it did not reach its goal before it started'
        : record.cancelReason === 'expired'
          ? 'us, because the food truck did not answer in time'
          : 'us';
  }
}

export function wasCutShort(record: Pick<CallOffRecord, 'cutShortAt'>): boolean {
  return record.cutShortAt !== null;
}

/**
 * One sentence saying what happened and who did it, with their words: `"Tacos" was cancelled by the
 * organizer: "Rain"` or `"Tacos" was cut short by Food Truck Fund after it started.` Null when the
 * event was not called off.
 */
export function calledOffSentence(
  title: string,
  record: CallOffRecord,
  names: { organizer?: string; truck?: string } = {},
): string | null {
  const cutShort = wasCutShort(record);
  if (record.status !== 'cancelled' && !cutShort) return null;
  const what = cutShort ? 'was cut short' : 'was cancelled';
  const by = calledOffBy(record, names);
  const after = cutShort ? ' after it started' : '';
  const note = record.cancelNote ? `: "${record.cancelNote}"` : '.';
  return `"${title}" ${what} by ${by}${after}${note}`;
}

/** Whether the call-off button should show: the event may still be called off now. */
export function canCallOff(
  event: { status: EventStatus; startsAt: Date | string; endsAt: Date | string },
  now: Date,
): boolean {
  const at = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);
  return (
    decideCallOff({ status: event.status, startsAt: at(event.startsAt), endsAt: at(event.endsAt) }, now)
      .kind !== 'refused'
  );
}
