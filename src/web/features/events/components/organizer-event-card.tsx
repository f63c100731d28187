import { canCallOff } from '@core/call-off';
import { useNow } from '@web/lib/render-time';
import { EVENT_STATUS_LABELS, type EventStatus } from '@core/event-status';
import { Button, ButtonLink } from '@web/components/ui/button';
import { describeCancelReason } from '@web/lib/cancel-reason';
import { cn } from '@web/lib/cn';
import { describeEventTimes } from '@web/lib/event-time';
import { formatMoney } from '@web/lib/format-money';
import type { OrganizerEvent } from '../api/get-organizer-events';

const STATUS_TONES: Partial<Record<EventStatus, string>> = {
  pending_approval: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  processing: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-stone-200 text-stone-800',
  payment_failed: 'bg-red-100 text-red-900',
};

/** One of the organizer's events on /my-events. */
export function OrganizerEventCard({
  event,
  onCancel,
}: {
  event: OrganizerEvent;
  onCancel: (event: OrganizerEvent) => void;
}) {
  const now = useNow();
  const { date, timeRange } = describeEventTimes(event);
  const titleId = `my-event-${event.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-card border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {event.title}
        </h2>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            STATUS_TONES[event.status] ?? 'bg-stone-100 text-stone-800',
          )}
        >
          {EVENT_STATUS_LABELS[event.status]}
        </span>
      </div>
      {event.foodTruckName && <p className="text-sm text-muted">with {event.foodTruckName}</p>}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Date</dt>
        <dd>{date}</dd>
        <dt className="text-muted">Time</dt>
        <dd>{timeRange}</dd>
        <dt className="text-muted">Location</dt>
        <dd className="break-words">{event.location}</dd>
        <dt className="text-muted">Expected diners</dt>
        <dd>{event.expectedDiners}</dd>
        <dt className="text-muted">Current sales</dt>
        <dd>{formatMoney(event.currentSales)}</dd>
        <dt className="text-muted">Minimum sales</dt>
        <dd>{formatMoney(event.minimumSales)}</dd>
      </dl>
      {event.foodTruckResponse && (
        <p className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
          <span className="font-medium">Food truck’s response:</span> {event.foodTruckResponse}
        </p>
      )}
      {event.cancelReason && (
        <p className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
          <span className="font-medium">
            {event.cutShortAt ? 'Why it ended early:' : 'Why it was cancelled:'}
          </span>{' '}
          {describeCancelReason(event.cancelReason, event.cutShortAt !== null)}
          {event.cancelNote && <> “{event.cancelNote}”</>}
        </p>
      )}
      {event.hidden && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm">
          <span className="font-medium">Taken down by Food Truck Fund:</span>{' '}
          {event.hiddenReason ?? 'No reason was recorded.'} Diners who already ordered keep their orders.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:mt-auto sm:flex-row sm:pt-4">
        <ButtonLink to={`/my-events/${event.id}`} size="sm" aria-label={`Orders and totals: ${event.title}`}>
          Orders &amp; Totals
        </ButtonLink>
        <ButtonLink to={`/events/public/${event.id}`} variant="outline" size="sm">
          View Event
        </ButtonLink>
        {canCallOff(event, now) && (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onCancel(event)}>
            Call off event
          </Button>
        )}
      </div>
    </article>
  );
}
