import { endsNextDay, formatEventDate, formatEventTime } from '@core/time';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { PublicEventDetails } from '../api/get-event';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';

/** Where and when, in the event's own time zone (named), and how many diners are expected. */
export function EventDetails({ event }: { event: PublicEventDetails }) {
  const t = useT();
  const language = useLanguage();
  const startsAt = new Date(event.startsAt);
  const endsAt = new Date(event.endsAt);
  const rows: Array<[string, string]> = [
    [t('eventPage.details.location'), event.location],
    [t('eventPage.details.date'), formatEventDate(startsAt, event.timeZone)],
    [
      t('eventPage.details.time'),
      `${formatEventTime(startsAt, event.timeZone)} – ${formatEventTime(endsAt, event.timeZone)}${
        endsNextDay(event.startTime, event.endTime) ? t('eventPage.details.nextDay') : ''
      }`,
    ],
    [
      t('eventPage.details.expectedDiners'),
      new Intl.NumberFormat(intlLocale(language)).format(event.expectedDiners),
    ],
  ];
  return (
    <Card aria-labelledby="event-details-title">
      <CardHeader>
        <CardTitle id="event-details-title">{t('eventPage.eventDetails')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-stone-600">{term}</dt>
              <dd className="-mt-2 break-words text-stone-900 sm:mt-0">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
