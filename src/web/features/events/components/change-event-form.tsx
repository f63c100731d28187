import { useState, type FormEvent } from 'react';
import type { ChangeRequestDto, EventDetailDto } from '@contract/events';
import { Alert } from '@web/components/ui/alert';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
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
  const t = useT('app');
  const request = useRequestEventChange(event.id);
  const [date, setDate] = useState(event.date);
  const [startTime, setStartTime] = useState(event.startTime);
  const [endTime, setEndTime] = useState(event.endTime);
  const [location, setLocation] = useState(event.location);
  const [confirming, setConfirming] = useState(false);
  const { errors, formError } = formFailure(request.error, t('editEvent.change.failed'));

  function send() {
    request.mutate(
      { date, startTime, endTime, location },
      {
        onSuccess: () => toast({ title: t('events.success'), description: t('editEvent.change.sent') }),
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
        {t('editEvent.change.heading')}
      </h2>
      <p className="text-sm text-muted">{t('editEvent.change.intro', { timeZone: event.timeZone })}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('events.date')} error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label={t('events.startTime')} error={errors.startTime}>
          <Input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        </FormField>
        <FormField label={t('events.endTime')} error={errors.endTime}>
          <Input type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        </FormField>
      </div>
      <FormField label={t('events.location')} error={errors.location}>
        <Input value={location} maxLength={300} onChange={(e) => setLocation(e.target.value)} />
      </FormField>
      {formError && <Alert tone="error" title={formError} />}
      <SubmitButton pending={request.isPending} pendingLabel={t('editEvent.change.sending')}>
        {t('editEvent.change.ask')}
      </SubmitButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('editEvent.change.confirmTitle')}
        description={pending ? t('editEvent.change.replaces') : t('editEvent.change.confirmDescription')}
        confirmLabel={request.isPending ? t('editEvent.change.sending') : t('editEvent.change.send')}
        onConfirm={send}
        pending={request.isPending}
      />
    </form>
  );
}
