import type { EventDetailDto } from '@contract/events';
import { Alert } from '@web/components/ui/alert';
import { describeClosedNotice } from '../closed-notice';
import type { Funding } from '../event-state';

/**
 * What the page says above the fold when the event takes no orders now, or was taken down. Loaded
 * only for such events (the event page's script budget, decision 091).
 */
export function EventNotices({
  event,
  closed,
  funding,
}: {
  event: EventDetailDto;
  /** The event takes no orders now (describeEventState said `closed`). */
  closed: boolean;
  funding: Funding;
}) {
  const notice = closed ? describeClosedNotice(event.status, funding, event) : null;
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
