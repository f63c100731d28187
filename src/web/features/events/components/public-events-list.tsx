import { Link } from 'react-router';
import { describeEventTimes } from '@web/lib/event-time';
import { formatMoney } from '@web/lib/format-money';
import type { PublicEvent } from '../api/get-public-events';

/** The simple public list (/events/public). */
export function PublicEventsList({ events }: { events: PublicEvent[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {events.map((event) => {
        const { date, timeRange } = describeEventTimes(event);
        return (
          <li
            key={event.id}
            className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-lg font-semibold break-words">{event.title}</h2>
            {event.foodTruckName && (
              <p className="text-sm text-stone-600">
                {event.foodTruckName}
                {event.cuisine ? ` · ${event.cuisine}` : ''}
              </p>
            )}
            <p className="mt-2 text-sm">
              {date} · {timeRange}
            </p>
            <p className="text-sm break-words text-stone-700">{event.location}</p>
            <p className="mt-2 text-sm text-stone-700">
              {formatMoney(event.currentSales)} of {formatMoney(event.minimumSales)} goal
            </p>
            <Link
              to={`/events/public/${event.id}`}
              aria-label={`View Event Details: ${event.title}`}
              className="mt-3 text-sm font-medium text-brand-700 underline hover:text-brand-600 sm:mt-auto sm:pt-3"
            >
              View Event Details
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
