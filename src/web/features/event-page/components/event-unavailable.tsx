import type { ReactNode } from 'react';
import { calledOffBy, type CallOffRecord } from '@core/call-off';
import { ButtonLink } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';

/** Why there is nothing to order, in one sentence that names who decided it. */
export function unavailableReason(event: CallOffRecord): string {
  if (event.status === 'rejected')
    return 'The food truck declined this event request, so it will not take place.';
  if (event.cancelReason === 'unfunded')
    return 'Pre-orders did not reach the goal before it started, so it will not take place. No card was charged.';
  if (event.cancelReason === 'expired')
    return 'The food truck did not answer the request in time, so it will not take place.';
  if (!event.cancelledBy || event.cancelledBy === 'system') return 'This event was cancelled.';
  return `This event was cancelled by ${calledOffBy(event)}.`;
}

/**
 * A cancelled or declined event: nothing to order, but what happened and who decided it, the reason
 * they gave, (as children) the visitor's own orders with what became of their money, and a way on
 * to other events.
 */
export function EventUnavailable({
  title,
  event,
  children,
}: {
  title?: string;
  event: CallOffRecord;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('eventPage.eventNotAvailable')}</h1>
      {title && <p className="mt-1 font-medium break-words text-stone-800">{title}</p>}
      <p className="mt-2 text-stone-600">{unavailableReason(event)}</p>
      {event.cancelNote && <p className="mt-2 break-words text-stone-700">“{event.cancelNote}”</p>}
      {children && <div className="mt-6 text-left">{children}</div>}
      <div className="mt-6 flex flex-col items-center gap-2">
        <ButtonLink to="/events/public">{t('eventPage.findOtherEvents')}</ButtonLink>
        <ButtonLink to="/events/create" variant="ghost" size="sm">
          {t('eventPage.organizeYourOwnEvent')}
        </ButtonLink>
      </div>
    </div>
  );
}
