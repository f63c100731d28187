import { useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useRequestReminder } from '../api/request-reminder';

/** "Remind me": one e-mail 48 hours before the start if the event still needs pre-orders. */
export function RemindMeForm({ eventId }: { eventId: number }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestReminder(eventId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { reminderRequestSchema } = await import('@core/schemas/momentum');
    const parsed = reminderRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.email, {
      onError: (failure) => {
        const message = errorMessage(failure, 'Could not save your reminder. Please try again.');
        setError(failure instanceof ApiError ? (failure.fieldErrors?.email ?? message) : message);
      },
    });
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
        <FormField label="Email for the reminder" error={error} className="min-w-0 flex-1">
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(undefined);
            }}
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
