import type { FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useCheckedField } from '@web/lib/use-checked-field';
import { useRequestReminder } from '../api/request-reminder';

/** "Remind me": one e-mail 48 hours before the start if the event still needs pre-orders. */
export function RemindMeForm({ eventId }: { eventId: number }) {
  const email = useCheckedField(
    'email',
    async () => (await import('@core/schemas/momentum')).reminderRequestSchema,
    'Could not save your reminder. Please try again.',
  );
  const request = useRequestReminder(eventId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const address = await email.check();
    if (address !== undefined) request.mutate(address, { onError: email.showFailure });
  }

  if (request.isSuccess)
    return (
      <Alert tone="success" title="Almost done">
        {request.data.message}
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-labelledby="remind-title">
      <h3 id="remind-title" className="text-sm font-semibold text-stone-800">
        Not ready to order?
      </h3>
      <p className="text-sm text-muted">
        Get one e-mail 48 hours before the event if it still needs pre-orders to happen.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField label="Email for the reminder" error={email.error} className="min-w-0 flex-1">
          <Input
            type="email"
            autoComplete="email"
            value={email.value}
            onChange={email.onChange}
            placeholder="you@example.com"
          />
        </FormField>
        <SubmitButton
          variant="outline"
          className="sm:mt-6"
          pending={request.isPending}
          pendingLabel="Saving…"
        >
          Remind me
        </SubmitButton>
      </div>
    </form>
  );
}
