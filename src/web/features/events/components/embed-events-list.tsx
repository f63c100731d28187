import { ExternalLink } from 'lucide-react';
import { formatEventDate } from '@core/time';
import { FundingBar } from '@web/components/ui/progress-bar';
import { useT } from '@web/lib/i18n';
import type { PublicEvent } from '../api/get-public-events';

/**
 * Upcoming events for other sites' frames (/embed): each links to the public event
 * page in a new tab, so the visitor leaves the host page without losing it.
 */
export function EmbedEventsList({ events }: { events: PublicEvent[] }) {
  const t = useT();
  return (
    <ul className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg border border-line bg-white p-4">
          <h2 className="font-semibold break-words">{event.title}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
            <dt className="text-muted">{t('events.date')}</dt>
            <dd>{formatEventDate(new Date(event.startsAt), event.timeZone)}</dd>
            <dt className="text-muted">{t('events.location')}</dt>
            <dd className="break-words">{event.location}</dd>
            <dt className="text-muted">{t('events.foodTruck')}</dt>
            <dd>{event.foodTruckName ?? '—'}</dd>
            {event.cuisine && (
              <>
                <dt className="text-muted">{t('events.cuisine')}</dt>
                <dd>{event.cuisine}</dd>
              </>
            )}
            <dt className="text-muted">{t('events.expectedDiners')}</dt>
            <dd>{event.expectedDiners}</dd>
          </dl>
          <div className="mt-3">
            <FundingBar
              currentSales={event.currentSales}
              minimumSales={event.minimumSales}
              currency={event.currency}
            />
          </div>
          <a
            href={`/events/public/${event.id}`}
            target="_blank"
            rel="noopener"
            aria-label={t('events.viewEventNewTab', { title: event.title })}
            className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
          >
            {t('events.viewEvent')} <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
