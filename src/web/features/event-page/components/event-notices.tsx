import type { EventDetailDto } from '@contract/events';
import type { NoticeKind } from '@core/event-story';
import { Alert } from '@web/components/ui/alert';
import { describeClosedNotice } from '../closed-notice';
import type { Funding } from '../event-state';
import { useT } from '@web/lib/i18n';

/**
 * What the page says above the fold when the event takes no orders now, or was taken down: the notice
 * the state table names (src/core/event-story.ts). Loaded only for such events (the event page's
 * script budget, decision 091).
 */
export function EventNotices({
  event,
  notice: kind,
  funding,
}: {
  event: EventDetailDto;
  /** The state table's notice for the event now. */
  notice: NoticeKind;
  funding: Funding;
}) {
  const t = useT();
  const notice =
    kind && kind !== 'taken-down' ? describeClosedNotice(kind, funding, event, event.currency) : null;
  return (
    <>
      {event.hidden && (
        <Alert tone="warning" title={t('eventPage.thisEventWasTaken')}>
          {t('eventPage.foodTruckFundTook')}
        </Alert>
      )}
      {notice && (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}
        </Alert>
      )}
    </>
  );
}
