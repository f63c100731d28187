import { skippedEventTimes } from '../../core/zoned-time';
import { DomainError } from '../domain-error';

/**
 * Refuses (400, `time_skipped_by_clock_change`) a start or end time the event's zone never shows:
 * 02:30 on the night New York's clocks jump from 02:00 to 03:00 would otherwise be stored as 03:30
 * without a word. Each time is named on its own field.
 */
export function refuseSkippedTimes(date: string, startTime: string, endTime: string, timeZone: string): void {
  const skipped = skippedEventTimes(date, startTime, endTime, timeZone);
  if (skipped.length === 0) return;
  throw new DomainError('time_skipped_by_clock_change', skipped[0]!.message, {
    fields: Object.fromEntries(skipped.map(({ field, message }) => [field, message])),
  });
}
