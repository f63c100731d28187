import { canCallOff } from '@core/call-off';
import { useNow } from '@web/lib/render-time';
import type { EventStatus } from '@core/event-status';
import { Button, ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { describeEventTimes } from '@web/lib/event-time';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import type { OrganizerEvent } from '../api/get-organizer-events';
import { describeCancel } from '../event-words';

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
  const t = useT('app');
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
          {t(`events.status.${event.status}`)}
        </span>
      </div>
      {event.foodTruckName && (
        <p className="text-sm text-muted">{t('myEvents.with', { truck: event.foodTruckName })}</p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('events.date')}</dt>
        <dd>{date}</dd>
        <dt className="text-muted">{t('events.time')}</dt>
        <dd>{timeRange}</dd>
        <dt className="text-muted">{t('events.location')}</dt>
        <dd className="break-words">{event.location}</dd>
        <dt className="text-muted">{t('events.expectedDiners')}</dt>
        <dd>{event.expectedDiners}</dd>
        <dt className="text-muted">{t('myEvents.currentSales')}</dt>
        <dd>{formatMoney(event.currentSales, event.currency)}</dd>
        <dt className="text-muted">{t('myEvents.minimumSales')}</dt>
        <dd>{formatMoney(event.minimumSales, event.currency)}</dd>
      </dl>
      {event.foodTruckResponse && (
        <p className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
          <span className="font-medium">{t('myEvents.truckResponse')}</span> {event.foodTruckResponse}
        </p>
      )}
      {event.cancelReason && (
        <p className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
          <span className="font-medium">
            {event.cutShortAt ? t('myEvents.whyEndedEarly') : t('myEvents.whyCancelled')}
          </span>{' '}
          {describeCancel(t, event.cancelReason, event.cutShortAt !== null)}
          {event.cancelNote && <> “{event.cancelNote}”</>}
        </p>
      )}
      {event.hidden && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm">
          <span className="font-medium">{t('myEvents.takenDown')}</span>{' '}
          {event.hiddenReason ?? t('myEvents.noReason')} {t('myEvents.keepOrders')}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:mt-auto sm:flex-row sm:pt-4">
        <ButtonLink
          to={`/my-events/${event.id}`}
          size="sm"
          aria-label={t('myEvents.ordersFor', { title: event.title })}
        >
          {t('myEvents.orders')}
        </ButtonLink>
        <ButtonLink to={`/events/public/${event.id}`} variant="outline" size="sm">
          {t('myEvents.viewEvent')}
        </ButtonLink>
        {canCallOff(event, now) && (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onCancel(event)}>
            {t('events.callOff.callOff')}
          </Button>
        )}
      </div>
    </article>
  );
}
