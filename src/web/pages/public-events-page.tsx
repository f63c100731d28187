import { ListStates } from '../components/load-more';
import { describeEventCount } from '../../core/event-story';
import { usePublicEvents, usePublicEventsTotal } from '../features/events/api/get-public-events';
import { PublicEventsList } from '../features/events/components/public-events-list';

/** /events/public: anyone, signed in or not. */
export function PublicEventsPage() {
  const events = usePublicEvents();
  // Every event that matches, not only the pages loaded so far.
  const total = usePublicEventsTotal();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 wrap-anywhere">
      <title>Public Events · Food Truck Fund</title>
      <h1 className="text-3xl font-bold">Public Events</h1>
      <div data-tour="events-list" className="mt-6">
        <ListStates
          query={events}
          loading="Loading events…"
          failed="Error loading events. Please try again."
          empty={
            <p className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-muted">
              No events found.
            </p>
          }
        >
          {(upcoming) => (
            <>
              <p className="mb-4 text-muted">{describeEventCount(total ?? upcoming.length)}</p>
              <PublicEventsList events={upcoming} />
            </>
          )}
        </ListStates>
      </div>
    </div>
  );
}
