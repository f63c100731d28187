import { Link } from 'react-router';
import { canCallOff } from '@core/call-off';
import { useNow } from '@web/lib/render-time';
import { Button } from '@web/components/ui/button';
import { StatusBadge } from '@web/components/ui/status-badge';
import { describeEventTimes } from '@web/lib/event-time';
import { useT } from '@web/lib/i18n';
import type { AdminEvent } from '../api/get-admin-events';

export function AdminEventRow({
  event,
  pending,
  onToggle,
  onCallOff,
}: {
  event: AdminEvent;
  pending: boolean;
  onToggle: (event: AdminEvent) => void;
  onCallOff: (event: AdminEvent) => void;
}) {
  const t = useT('app');
  const now = useNow();
  const { date } = describeEventTimes(event);
  const titleId = `admin-event-${event.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 border-b border-stone-100 py-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            id={titleId}
            to={`/events/public/${event.id}`}
            className="font-semibold break-words underline"
          >
            {event.title}
          </Link>
          <StatusBadge>{t(`bookings.status.${event.status}`)}</StatusBadge>
          {event.hidden && <StatusBadge tone="bad">{t('admin.hidden')}</StatusBadge>}
        </p>
        <p className="text-sm text-muted">
          {t('admin.eventLine', {
            date,
            organizer: event.organizerName,
            truck: event.foodTruckName ?? t('admin.aTruck'),
          })}
        </p>
        {event.hidden && event.hiddenReason && (
          <p className="text-sm break-words text-stone-700">
            {t('admin.takenDown', { reason: event.hiddenReason })}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() => onToggle(event)}
          aria-label={t(event.hidden ? 'admin.unhideNamed' : 'admin.hideNamed', { title: event.title })}
        >
          {event.hidden ? t('admin.unhide') : t('admin.hide')}
        </Button>
        {canCallOff(event, now) && (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700"
            disabled={pending}
            onClick={() => onCallOff(event)}
            aria-label={t('admin.callOffNamed', { title: event.title })}
          >
            {t('admin.callOff')}
          </Button>
        )}
      </div>
    </li>
  );
}
