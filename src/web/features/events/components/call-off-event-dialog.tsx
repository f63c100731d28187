import { useState } from 'react';
import { decideCallOff } from '@core/call-off';
import { hasReachedGoal, type EventStatus } from '@core/event-status';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
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
function callOffWords(event: CallOffTarget, by: CallingOff) {
  const told = by === 'truck' ? 'as is the organizer' : 'as is the food truck';
  const decision = decideCallOff(
    { status: event.status, startsAt: new Date(event.startsAt), endsAt: new Date(event.endsAt) },
    new Date(),
  );
  if (decision.kind === 'cut-short') {
    return {
      title: 'End this event early?',
      description: `“${event.title}” has started, so it will be cut short. Orders already collected stay charged and are paid out as usual; every other card hold is released and every other charge refunded in full. Everyone who pre-ordered is told by e-mail, ${told}.`,
      confirm: 'End event early',
      keep: 'Keep event going',
      done: 'Event ended early.',
    };
  }
  return {
    title: 'Call off this event?',
    description: `“${event.title}” will be called off. Card holds are released, ${
      hasReachedGoal(event.status) ? 'every charge is refunded in full, ' : ''
    }and everyone who pre-ordered is told by e-mail, ${told}.`,
    confirm: 'Call off event',
    keep: 'Keep event',
    done: 'Event cancelled.',
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
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');
  const words = event ? callOffWords(event, by) : null;

  function close() {
    setReason('');
    onClose();
  }

  function confirm() {
    if (!event) return;
    cancel.mutate(
      { eventId: event.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => toast({ title: 'Success', description: words?.done ?? 'Event cancelled.' }),
        onSettled: close,
      },
    );
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => !open && close()}
      title={words?.title ?? 'Call off this event?'}
      description={words?.description ?? ''}
      confirmLabel={cancel.isPending ? 'Calling off…' : (words?.confirm ?? 'Call off event')}
      cancelLabel={words?.keep ?? 'Keep event'}
      onConfirm={confirm}
      destructive
      pending={cancel.isPending}
    >
      <FormField
        label={`Reason (optional, shared with diners and ${by === 'truck' ? 'the organizer' : 'the food truck'})`}
        className="mt-4"
      >
        <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
      </FormField>
    </ConfirmDialog>
  );
}
