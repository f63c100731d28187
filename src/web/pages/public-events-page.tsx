import { LoadError } from '../components/load-more';
import { Spinner } from '../components/ui/spinner';
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
        {events.isPending ? (
          <Spinner label="Loading events…" />
        ) : events.isError ? (
          <LoadError title="Error loading events. Please try again." query={events} />
        ) : events.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-muted">
            No events found.
          </p>
        ) : (
          <>
            <p className="mb-4 text-muted">
              {events.data.length === 1 ? '1 upcoming event' : `${events.data.length} upcoming events`}
            </p>
            <PublicEventsList events={events.data} />
          </>
        )}
      </div>
    </div>
  );
}
