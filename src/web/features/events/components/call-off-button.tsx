import { useState } from 'react';
import { canCallOff } from '@core/call-off';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { CallOffEventDialog, type CallOffTarget } from './call-off-event-dialog';

/**
 * "Call off event" on the event's own page, for its organizer (issue 42): the same dialog as on the
 * My Events card, shown while the event can still be called off or cut short.
 */
export function CallOffButton({ event, now }: { event: CallOffTarget; now: Date }) {
  const t = useT('app');
  const [open, setOpen] = useState(false);
  if (!canCallOff(event, now)) return null;
  return (
    <>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setOpen(true)}>
        {t('events.callOff.callOff')}
      </Button>
      <CallOffEventDialog event={open ? event : null} onClose={() => setOpen(false)} />
    </>
  );
}
