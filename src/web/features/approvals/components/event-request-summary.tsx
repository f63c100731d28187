import { formatEventInstant } from '@core/time';
import type { EventDto } from '@contract/events';
import { describeEventTimes } from '@web/lib/event-time';
import { formatMoney } from '@web/lib/format-money';

/** What a truck needs to know to answer a request. */
export function EventRequestSummary({ event }: { event: EventDto }) {
  const { date, timeRange } = describeEventTimes(event);
  const markup = Number(event.priceMarkupPercentage);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted">Date</dt>
      <dd className="font-medium">{date}</dd>
      <dt className="text-muted">Time</dt>
      <dd className="font-medium">{timeRange}</dd>
      <dt className="text-muted">Location</dt>
      <dd className="font-medium break-words">{event.location}</dd>
      <dt className="text-muted">Expected diners</dt>
      <dd className="font-medium">{event.expectedDiners}</dd>
      <dt className="text-muted">Price markup</dt>
      <dd className="font-medium">{markup > 0 ? `${event.priceMarkupPercentage}%` : 'None'}</dd>
      <dt className="text-muted">Requested minimum sales</dt>
      <dd className="font-medium">{formatMoney(event.minimumSales)}</dd>
      {event.approvalExpiryDate && (
        <>
          <dt className="text-muted">Answer by</dt>
          <dd className="font-medium">
            {formatEventInstant(new Date(event.approvalExpiryDate), event.timeZone)}
          </dd>
        </>
      )}
    </dl>
  );
}
