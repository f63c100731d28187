import { LoadMore } from '@web/components/load-more';
import { useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { usePublicEvents, type PublicEventsFilter } from '../features/events/api/get-public-events';
import { EmbedEventsList } from '../features/events/components/embed-events-list';

function parseId(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** `?organizer=<id>` or `?event=<id>` narrow the embed (decision 149); anything else shows every event. */
function useEmbedFilter(): PublicEventsFilter {
  const [params] = useSearchParams();
  return { organizer: parseId(params.get('organizer')), event: parseId(params.get('event')) };
}

function UpcomingEvents() {
  const filter = useEmbedFilter();
  const events = usePublicEvents(filter);
  if (events.isPending) return <Spinner label="Loading events…" />;
  if (events.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Error loading events. Please try again later.
      </p>
    );
  }
  if (events.data.length === 0) return <p className="text-sm text-muted">No events found.</p>;
  return (
    <>
      <EmbedEventsList events={events.data} />
      <LoadMore pages={events} things="events" size="sm" className="mt-3" />
    </>
  );
}

/** /embed: the compact list another site puts in a frame. */
export function EmbedPage() {
  const filter = useEmbedFilter();
  return (
    <div className="p-3">
      <title>Upcoming Events · Food Truck Fund</title>
      <h1 className="mb-3 text-lg font-bold">
        {filter.event ? 'Pre-order from this food truck event' : 'Upcoming Food Truck Events'}
      </h1>
      <UpcomingEvents />
    </div>
  );
}

/** /embed-standalone: the same list as a page of its own, with a little more room. */
export function EmbedStandalonePage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <title>Upcoming Events · Food Truck Fund</title>
      <h1 className="text-2xl font-bold">Upcoming Food Truck Events</h1>
      <p className="mb-4 text-sm text-muted">
        Pre-order from the truck; your card is charged only when the event reaches its goal.
      </p>
      <UpcomingEvents />
    </div>
  );
}
