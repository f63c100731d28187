import { ExternalLink } from 'lucide-react';
import { formatEventDate } from '@core/time';
import { FundingBar } from '@web/components/ui/progress-bar';
import type { PublicEvent } from '../api/get-public-events';

/**
 * Upcoming events for other sites' frames (/embed): each links to the public event
 * page in a new tab, so the visitor leaves the host page without losing it.
 */
export function EmbedEventsList({ events }: { events: PublicEvent[] }) {
  return (
    <ul className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg border border-line bg-white p-4">
          <h2 className="font-semibold break-words">{event.title}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
            <dt className="text-muted">Date</dt>
            <dd>{formatEventDate(new Date(event.startsAt), event.timeZone)}</dd>
            <dt className="text-muted">Location</dt>
            <dd className="break-words">{event.location}</dd>
            <dt className="text-muted">Food truck</dt>
            <dd>{event.foodTruckName ?? '—'}</dd>
            {event.cuisine && (
              <>
                <dt className="text-muted">Cuisine</dt>
                <dd>{event.cuisine}</dd>
              </>
            )}
            <dt className="text-muted">Expected diners</dt>
            <dd>{event.expectedDiners}</dd>
          </dl>
          <div className="mt-3">
            <FundingBar currentSales={event.currentSales} minimumSales={event.minimumSales} />
          </div>
          <a
            href={`/events/public/${event.id}`}
            target="_blank"
            rel="noopener"
            aria-label={`View event: ${event.title} (opens in a new tab)`}
            className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
          >
            View event <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
