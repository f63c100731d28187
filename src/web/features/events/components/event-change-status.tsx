import type { ChangeRequestDto } from '@contract/events';
import { Alert } from '@web/components/ui/alert';
import { describeEventInstant } from '@web/lib/event-time';
import { useT } from '@web/lib/i18n';
import { describePlan } from '../event-words';

/** Where the organizer's latest change stands: waiting for the truck, or its answer. */
export function EventChangeStatus({ change }: { change: ChangeRequestDto | null }) {
  const t = useT('app');
  if (!change || change.status === 'replaced') return null;
  const plan = describePlan(t, change, change.timeZone);
  const by = describeEventInstant(change.answerBy, change.timeZone);
  const note = change.response ? t('events.changeStatus.note', { response: change.response }) : '';
  switch (change.status) {
    case 'pending':
      return (
        <Alert tone="info" title={t('events.changeStatus.pendingTitle')}>
          {t('events.changeStatus.pending', { plan, by })}
        </Alert>
      );
    case 'accepted':
      return (
        <Alert tone="success" title={t('events.changeStatus.acceptedTitle')}>
          {t('events.changeStatus.accepted', { plan })}
          {note}
        </Alert>
      );
    case 'declined':
      return (
        <Alert tone="warning" title={t('events.changeStatus.declinedTitle')}>
          {t('events.changeStatus.declined', { plan })}
          {note}
        </Alert>
      );
    case 'lapsed':
      return (
        <Alert tone="warning" title={t('events.changeStatus.lapsedTitle')}>
          {t('events.changeStatus.lapsed', { plan, by })}
        </Alert>
      );
  }
}
