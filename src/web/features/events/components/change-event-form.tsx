import { useState, type FormEvent } from 'react';
import type { ChangeRequestDto, EventDetailDto } from '@contract/events';
import { Alert } from '@web/components/ui/alert';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { formFailure, useRequestEventChange } from '../api/edit-event';

/**
 * A new date, times or place: sent to the truck, which accepts or declines. The event keeps its current
 * plan until then; a pending change is replaced by a new one (the form says so before sending).
 */
export function ChangeEventForm({
  event,
  pending,
}: {
  event: EventDetailDto;
  pending: ChangeRequestDto | null;
}) {
  const request = useRequestEventChange(event.id);
  const [date, setDate] = useState(event.date);
  const [startTime, setStartTime] = useState(event.startTime);
  const [endTime, setEndTime] = useState(event.endTime);
  const [location, setLocation] = useState(event.location);
  const [confirming, setConfirming] = useState(false);
  const { errors, formError } = formFailure(request.error, 'Failed to send the change');

  function send() {
    request.mutate(
      { date, startTime, endTime, location },
      {
        onSuccess: () =>
          toast({ title: 'Success', description: 'Change sent to the food truck for approval.' }),
        onSettled: () => setConfirming(false),
      },
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setConfirming(true);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-heading" className="space-y-4">
      <h2 id="change-heading" className="text-xl font-semibold">
        Date, time and place
      </h2>
      <p className="text-sm text-muted">
        The food truck must accept a new date, time or place. Until it does, the event keeps its current ones.
        Once accepted, every diner is told and may cancel for a full refund until the new start. Times are in
        the event&apos;s time zone ({event.timeZone}).
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date" error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="Start Time" error={errors.startTime}>
          <Input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        </FormField>
        <FormField label="End Time" error={errors.endTime}>
          <Input type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        </FormField>
      </div>
      <FormField label="Location" error={errors.location}>
        <Input value={location} maxLength={300} onChange={(e) => setLocation(e.target.value)} />
      </FormField>
      {formError && <Alert tone="error" title={formError} />}
      <SubmitButton pending={request.isPending} pendingLabel="Sending...">
        Ask the Truck
      </SubmitButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this change to the truck?"
        description={
          pending
            ? 'Your change still waiting for an answer will be replaced by this one. The truck has until the earlier of 24 hours and the start to answer.'
            : 'The truck has until the earlier of 24 hours and the start to answer. The event keeps its current date and place until then.'
        }
        confirmLabel={request.isPending ? 'Sending...' : 'Send Change'}
        onConfirm={send}
        pending={request.isPending}
      />
    </form>
  );
}
