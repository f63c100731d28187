import type { FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { INVALID_EMAIL } from '@core/form-rules';
import { useT } from '@web/lib/i18n';
import { useCheckedField } from '@web/lib/use-checked-field';
import { useRequestReminder } from '../api/request-reminder';

/** "Remind me": one e-mail 48 hours before the start if the event still needs pre-orders. */
export function RemindMeForm({ eventId }: { eventId: number }) {
  const t = useT();
  const email = useCheckedField(
    'email',
    async () => (await import('@core/schemas/momentum')).reminderRequestSchema,
    t('reminders.failed'),
  );
  // The schema's message (core/form-rules.ts) in the page's language; the server's own words as they come.
  const error = email.error === INVALID_EMAIL ? t('reminders.invalidEmail') : email.error;
  const request = useRequestReminder(eventId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const address = await email.check();
    if (address !== undefined) request.mutate(address, { onError: email.showFailure });
  }

  if (request.isSuccess)
    return (
      <Alert tone="success" title={t('reminders.almostDone')}>
        {request.data.message}
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-labelledby="remind-title">
      <h3 id="remind-title" className="text-sm font-semibold text-stone-800">
        {t('reminders.heading')}
      </h3>
      <p className="text-sm text-muted">{t('reminders.intro')}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField label={t('reminders.emailLabel')} error={error} className="min-w-0 flex-1">
          <Input
            type="email"
            autoComplete="email"
            value={email.value}
            onChange={email.onChange}
            placeholder={t('reminders.emailPlaceholder')}
          />
        </FormField>
        <SubmitButton
          variant="outline"
          className="sm:mt-6"
          pending={request.isPending}
          pendingLabel={t('reminders.saving')}
        >
          {t('reminders.remindMe')}
        </SubmitButton>
      </div>
    </form>
  );
}
