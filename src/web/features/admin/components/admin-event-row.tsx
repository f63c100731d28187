import { Link } from 'react-router';
import { canCallOff } from '@core/call-off';
import { useNow } from '@web/lib/render-time';
import { EVENT_STATUS_LABELS } from '@core/event-status';
import { Button } from '@web/components/ui/button';
import { StatusBadge } from '@web/components/ui/status-badge';
import { describeEventTimes } from '@web/lib/event-time';
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
          <StatusBadge>{EVENT_STATUS_LABELS[event.status]}</StatusBadge>
          {event.hidden && <StatusBadge tone="bad">Hidden</StatusBadge>}
        </p>
        <p className="text-sm text-muted">
          {date} · by {event.organizerName} · with {event.foodTruckName ?? 'a truck'}
        </p>
        {event.hidden && event.hiddenReason && (
          <p className="text-sm break-words text-stone-700">Taken down: “{event.hiddenReason}”</p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() => onToggle(event)}
          aria-label={`${event.hidden ? 'Unhide' : 'Hide'} ${event.title}`}
        >
          {event.hidden ? 'Unhide' : 'Hide'}
        </Button>
        {canCallOff(event, now) && (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700"
            disabled={pending}
            onClick={() => onCallOff(event)}
            aria-label={`Call off ${event.title}`}
          >
            Call off
          </Button>
        )}
      </div>
    </li>
  );
}
