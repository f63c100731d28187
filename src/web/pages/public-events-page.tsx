import { ListStates } from '../components/load-more';
import { usePublicEvents } from '../features/events/api/get-public-events';
import { PublicEventsList } from '../features/events/components/public-events-list';

/** /events/public: anyone, signed in or not. */
export function PublicEventsPage() {
  const events = usePublicEvents();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
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
              <p className="mb-4 text-muted">
                {upcoming.length === 1 ? '1 upcoming event' : `${upcoming.length} upcoming events`}
              </p>
              <PublicEventsList events={upcoming} />
            </>
          )}
        </ListStates>
      </div>
    </div>
  );
}
