import { describeEventStory } from '@core/event-story';
import { computeFundingProgress } from '@core/funding';
import { asCurrency, decimalToMinor } from '@core/currency';
import type { PublicEventDetails } from './api/get-event';
import { describeEventState } from './event-state';

/**
 * The event's funding and state at `now`: one rule for what the page shows and what it loads. `story`
 * is the state table's row (src/core/event-story.ts): what each block of the page shows.
 */
export function eventPageState(event: PublicEventDetails, now: Date) {
  // Amounts in the event's currency: "1500" is ¥1,500, not 150,000 (decision 230).
  const currency = asCurrency(event.currency);
  const progress = computeFundingProgress(
    decimalToMinor(event.currentSales, currency),
    decimalToMinor(event.minimumSales, currency),
  );
  const funding = { currentCents: progress.currentCents, goalCents: progress.goalCents };
  const story = describeEventStory(
    {
      status: event.status,
      hidden: event.hidden,
      startsAt: new Date(event.startsAt),
      endsAt: new Date(event.endsAt),
      cutShortAt: event.cutShortAt,
      ...funding,
    },
    now,
  );
  return { progress, funding, story, state: describeEventState(story, funding) };
}
