import { formatEventInstant } from '@core/time';
import type { EventDto } from '@contract/events';
import { describeEventTimes } from '@web/lib/event-time';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';

/** What a truck needs to know to answer a request. */
export function EventRequestSummary({ event }: { event: EventDto }) {
  const t = useT('app');
  const { date, timeRange } = describeEventTimes(event);
  const markup = Number(event.priceMarkupPercentage);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted">{t('events.date')}</dt>
      <dd className="font-medium">{date}</dd>
      <dt className="text-muted">{t('events.time')}</dt>
      <dd className="font-medium">{timeRange}</dd>
      <dt className="text-muted">{t('events.location')}</dt>
      <dd className="font-medium break-words">{event.location}</dd>
      <dt className="text-muted">{t('events.expectedDiners')}</dt>
      <dd className="font-medium">{event.expectedDiners}</dd>
      <dt className="text-muted">{t('approvals.markup')}</dt>
      <dd className="font-medium">
        {markup > 0 ? `${event.priceMarkupPercentage}%` : t('approvals.noMarkup')}
      </dd>
      <dt className="text-muted">{t('approvals.requestedMinimum')}</dt>
      <dd className="font-medium">{formatMoney(event.minimumSales, event.currency)}</dd>
      {event.approvalExpiryDate && (
        <>
          <dt className="text-muted">{t('approvals.answerBy')}</dt>
          <dd className="font-medium">
            {formatEventInstant(new Date(event.approvalExpiryDate), event.timeZone)}
          </dd>
        </>
      )}
    </dl>
  );
}
