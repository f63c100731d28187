import { LoadMore } from '@web/components/load-more';
import { ArrowRight, CalendarDays, MapPin, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { FundingBar } from '@web/components/ui/progress-bar';
import { describeEventTimes } from '@web/lib/event-time';
import { useT } from '@web/lib/i18n';
import { usePublicEvents, type PublicEvent } from '../api/get-public-events';
import { IconText } from '@web/components/ui/card';

/** The simple public list (/events/public): the pages loaded so far, and a button for the next. */
export function PublicEventsList({ events }: { events: PublicEvent[] }) {
  const t = useT();
  const pages = usePublicEvents();
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2">
        {events.map((event) => {
          const { date, timeRange } = describeEventTimes(event);
          return (
            <li
              key={event.id}
              className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-card"
            >
              <div className="flex items-center gap-3 bg-brand-50 px-5 py-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Truck aria-hidden="true" className="size-5" />
                </span>
                {event.foodTruckName && (
                  <p className="min-w-0 text-sm">
                    <span className="block font-semibold break-words text-ink">{event.foodTruckName}</span>
                    {event.cuisine && <span className="text-muted">{event.cuisine}</span>}
                  </p>
                )}
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-xl font-bold break-words">{event.title}</h2>
                <IconText icon={CalendarDays} className="mt-3 text-sm text-stone-700">
                  {date} · {timeRange}
                </IconText>
                <IconText icon={MapPin} className="mt-1 text-sm break-words text-stone-700">
                  {event.location}
                </IconText>
                <div className="mt-4">
                  <FundingBar
                    currentSales={event.currentSales}
                    minimumSales={event.minimumSales}
                    currency={event.currency}
                  />
                </div>
                <Link
                  to={`/events/public/${event.id}`}
                  aria-label={t('events.viewDetailsOf', { title: event.title })}
                  className="mt-4 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 sm:mt-auto sm:pt-4"
                >
                  {t('events.viewDetails')}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      <LoadMore pages={pages} things={t('events.things')} />
    </>
  );
}
