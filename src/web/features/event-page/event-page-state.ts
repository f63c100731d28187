import { computeFundingProgress } from '@core/funding';
import { parseDecimalToCents } from '@core/money';
import type { PublicEventDetails } from './api/get-event';
import { describeEventState } from './event-state';

/** The event's funding and state at `now`: one rule for what the page shows and what it loads. */
export function eventPageState(event: PublicEventDetails, now: Date) {
  const progress = computeFundingProgress(
    parseDecimalToCents(event.currentSales),
    parseDecimalToCents(event.minimumSales),
  );
  const funding = { currentCents: progress.currentCents, goalCents: progress.goalCents };
  return {
    progress,
    funding,
    state: describeEventState(event.status, new Date(event.startsAt), now, funding),
  };
}
