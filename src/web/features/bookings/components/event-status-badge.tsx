import type { EventStatus } from '@core/event-status';
import { StatusBadge, type BadgeTone } from '@web/components/ui/status-badge';
import { useT } from '@web/lib/i18n';

const TONES: Partial<Record<EventStatus, BadgeTone>> = {
  approved: 'info',
  processing: 'info',
  confirmed: 'good',
  closed: 'neutral',
  cancelled: 'neutral',
  payment_failed: 'bad',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useT('app');
  return <StatusBadge tone={TONES[status] ?? 'neutral'}>{t(`bookings.status.${status}`)}</StatusBadge>;
}
