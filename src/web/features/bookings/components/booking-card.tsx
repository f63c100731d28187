import type { ReactNode } from 'react';
import type { BookingDto } from '@contract/bookings';
import { canCallOff } from '@core/call-off';
import { useNow } from '@web/lib/render-time';
import { Button, ButtonLink } from '@web/components/ui/button';
import { FundingBar } from '@web/components/ui/progress-bar';
import { describeEventTimes } from '@web/lib/event-time';
import { useT } from '@web/lib/i18n';
import { EventSalesTax } from './event-sales-tax';
import { EventStatusBadge } from './event-status-badge';

/** One accepted event on /bookings: when, how funding goes, and what to cook. */
export function BookingCard({
  booking,
  onCallOff,
  note,
}: {
  booking: BookingDto;
  /** A line the page adds under the funding bar (the organizer's guarantee, decision 224). */
  note?: ReactNode;
  /** A truck that can't come (it broke down) calls the event off: diners are released or refunded. */
  onCallOff: (event: BookingDto['event']) => void;
}) {
  const now = useNow();
  const t = useT('app');
  const { event, orderCount, collectedCount, prepList, prepNotes } = booking;
  const { date, timeRange } = describeEventTimes(event);
  const titleId = `booking-${event.id}`;
  const prepId = `prep-${event.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words">
            {event.title}
          </h2>
          <p className="text-sm text-muted">
            {date} · {timeRange}
          </p>
          <p className="text-sm break-words text-muted">{event.location}</p>
        </div>
        <EventStatusBadge status={event.status} />
      </div>
      <FundingBar
        currentSales={event.currentSales}
        minimumSales={event.minimumSales}
        currency={event.currency}
      />
      {note}
      <p className="text-sm">
        <span className="font-semibold">{t('bookings.orderCount', { count: orderCount })}</span>
        {collectedCount > 0 && (
          <span className="text-muted"> · {t('bookings.collectedCount', { count: collectedCount })}</span>
        )}
      </p>
      {!['closed', 'cancelled', 'payment_failed'].includes(event.status) && <EventSalesTax event={event} />}
      <section aria-labelledby={prepId}>
        <h3 id={prepId} className="text-sm font-semibold text-stone-800">
          {t('bookings.prepList')}
        </h3>
        {prepList.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('bookings.nothingToPrepare')}</p>
        ) : (
          <table className="mt-1 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('bookings.item')}</th>
                <th scope="col">{t('bookings.quantity')}</th>
              </tr>
            </thead>
            <tbody>
              {prepList.map((line) => (
                <tr key={line.menuItemId} className="border-t border-stone-100">
                  <td className="py-1.5 break-words">{line.name}</td>
                  <td className="py-1.5 text-right font-semibold tabular-nums">× {line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {prepNotes.length > 0 && (
          <>
            <h4 className="mt-3 text-sm font-semibold text-stone-800">{t('bookings.dinersNotes')}</h4>
            <ul className="mt-1 space-y-1 text-sm">
              {prepNotes.map((n) => (
                <li key={n.orderId} className="break-words">
                  <span className="font-mono font-semibold">{n.pickupCode}</span> {n.customerName}: “{n.note}”
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink
          to={`/bookings/${event.id}/day`}
          aria-label={t('bookings.eventDayOf', { title: event.title })}
          data-tour="event-day"
        >
          {t('bookings.eventDay')}
        </ButtonLink>
        <ButtonLink to={`/events/public/${event.id}`} variant="outline">
          {t('bookings.publicPage')}
        </ButtonLink>
        {canCallOff(event, now) && (
          <Button
            variant="ghost"
            className="text-red-700"
            aria-label={t('bookings.callOffEvent', { title: event.title })}
            onClick={() => onCallOff(event)}
          >
            {t('bookings.callOff')}
          </Button>
        )}
      </div>
    </article>
  );
}
