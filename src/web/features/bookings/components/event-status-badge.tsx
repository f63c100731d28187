import { EVENT_STATUS_LABELS, type EventStatus } from '@core/event-status';
import { StatusBadge, type BadgeTone } from '@web/components/ui/status-badge';

const TONES: Partial<Record<EventStatus, BadgeTone>> = {
  approved: 'info',
  processing: 'info',
  confirmed: 'good',
  closed: 'neutral',
  cancelled: 'neutral',
  payment_failed: 'bad',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <StatusBadge tone={TONES[status] ?? 'neutral'}>{EVENT_STATUS_LABELS[status]}</StatusBadge>;
}
