import type { ReactNode } from 'react';
import type { CallOffRecord } from '@core/call-off';
import { ButtonLink } from '@web/components/ui/button';
import { useT, type Translate } from '@web/lib/i18n';

/** Why there is nothing to order, in one sentence that names who decided it. */
export function unavailableReason(event: CallOffRecord, t: Translate): string {
  if (event.status === 'rejected') return t('eventPage.unavailable.declined');
  if (event.cancelReason === 'unfunded') return t('eventPage.unavailable.unfunded');
  if (event.cancelReason === 'expired') return t('eventPage.unavailable.expired');
  if (!event.cancelledBy || event.cancelledBy === 'system') return t('eventPage.unavailable.cancelled');
  return t(`eventPage.unavailable.cancelledBy.${event.cancelledBy}`);
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
      <p className="mt-2 text-stone-600">{unavailableReason(event, t)}</p>
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
