import type { EventDetailDto } from '@contract/events';
import type { NoticeKind } from '@core/event-story';
import { Alert } from '@web/components/ui/alert';
import { describeClosedNotice } from '../closed-notice';
import type { Funding } from '../event-state';

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
  const notice = kind && kind !== 'taken-down' ? describeClosedNotice(kind, funding, event) : null;
  return (
    <>
      {event.hidden && (
        <Alert tone="warning" title="This event was taken down">
          Food Truck Fund took this event off its public pages, and it takes no new orders. Orders already
          placed stand: you keep your pickup code and any refund, and can cancel as the usual rules allow.
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
