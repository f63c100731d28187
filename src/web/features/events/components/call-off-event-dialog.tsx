import { useState } from 'react';
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
}

/**
 * Calls an event off, for its organizer or its truck: says what happens to diners' money (holds
 * released, charges refunded in full) and asks for an optional reason that everyone is told.
 */
export function CallOffEventDialog({ event, onClose }: { event: CallOffTarget | null; onClose: () => void }) {
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');

  function close() {
    setReason('');
    onClose();
  }

  function confirm() {
    if (!event) return;
    cancel.mutate(
      { eventId: event.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Event cancelled.' }),
        onSettled: close,
      },
    );
  }

  return (
    <ConfirmDialog
      open={event !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel this event?"
      description={
        event
          ? `“${event.title}” will be called off. Card holds are released, ${
              hasReachedGoal(event.status) ? 'every charge is refunded in full, ' : ''
            }and everyone who pre-ordered is told by e-mail, as are the organizer and the food truck.`
          : ''
      }
      confirmLabel={cancel.isPending ? 'Cancelling...' : 'Cancel Event'}
      onConfirm={confirm}
      destructive
      pending={cancel.isPending}
    >
      <FormField label="Reason (optional, shared with diners and the truck)" className="mt-4">
        <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
      </FormField>
    </ConfirmDialog>
  );
}
