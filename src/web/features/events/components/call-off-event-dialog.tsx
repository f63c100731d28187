import { useState } from 'react';
import { decideCallOff } from '@core/call-off';
import { hasReachedGoal, type EventStatus } from '@core/event-status';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useT, type Translate } from '@web/lib/i18n';
import { useCancelEvent } from '../api/cancel-event';

export interface CallOffTarget {
  id: number;
  title: string;
  status: EventStatus;
  startsAt: string;
  endsAt: string;
}

/** Who calls the event off: the other party is the one told besides the diners. */
export type CallingOff = 'organizer' | 'truck';

/** What the call-off does now, by the clock (src/core/call-off.ts), in the words the dialog uses. */
function callOffWords(t: Translate, event: CallOffTarget, by: CallingOff) {
  const told = by === 'truck' ? t('events.callOff.toldOrganizer') : t('events.callOff.toldTruck');
  const decision = decideCallOff(
    { status: event.status, startsAt: new Date(event.startsAt), endsAt: new Date(event.endsAt) },
    new Date(),
  );
  if (decision.kind === 'cut-short') {
    return {
      title: t('events.callOff.endEarlyTitle'),
      description: t('events.callOff.endEarlyDescription', { title: event.title, told }),
      confirm: t('events.callOff.endEarly'),
      keep: t('events.callOff.keepGoing'),
      done: t('events.callOff.endedEarly'),
    };
  }
  return {
    title: t('events.callOff.title'),
    description: t(
      hasReachedGoal(event.status) ? 'events.callOff.descriptionRefunded' : 'events.callOff.description',
      { title: event.title, told },
    ),
    confirm: t('events.callOff.callOff'),
    keep: t('events.callOff.keep'),
    done: t('events.callOff.cancelled'),
  };
}

/**
 * Calls an event off, for its organizer or its truck (`by`): says what happens to diners' money (holds
 * released, charges refunded in full) and asks for an optional reason that the diners and the other
 * party are told. Its buttons say what they do: "Keep event" and "Call off event".
 */
export function CallOffEventDialog({
  event,
  onClose,
  by = 'organizer',
}: {
  event: CallOffTarget | null;
  onClose: () => void;
  by?: CallingOff;
}) {
  const t = useT('app');
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');
  const words = event ? callOffWords(t, event, by) : null;

  function close() {
    setReason('');
    onClose();
  }

  function confirm() {
    if (!event) return;
    cancel.mutate(
      { eventId: event.id, reason: reason.trim() || undefined },
      {
        onSuccess: () =>
          toast({
            title: t('events.success'),
            description: words?.done ?? t('events.callOff.cancelled'),
          }),
        onSettled: close,
      },
    );
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => !open && close()}
      title={words?.title ?? t('events.callOff.title')}
      description={words?.description ?? ''}
      confirmLabel={
        cancel.isPending ? t('events.callOff.callingOff') : (words?.confirm ?? t('events.callOff.callOff'))
      }
      cancelLabel={words?.keep ?? t('events.callOff.keep')}
      onConfirm={confirm}
      destructive
      pending={cancel.isPending}
    >
      <FormField
        label={by === 'truck' ? t('events.callOff.reasonForOrganizer') : t('events.callOff.reasonForTruck')}
        className="mt-4"
      >
        <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
      </FormField>
    </ConfirmDialog>
  );
}
