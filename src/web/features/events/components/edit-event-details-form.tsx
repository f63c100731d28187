import { useState, type FormEvent } from 'react';
import type { EventDetailDto } from '@contract/events';
import { MAX_CAUSE_LENGTH } from '@core/schemas/event';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { formFailure, useEditEvent } from '../api/edit-event';

/**
 * The organizer's words and numbers: title, cause and expected diners, saved at once (they change no
 * money and no promise). The server checks them with the rules of creation and answers field by field.
 */
export function EditEventDetailsForm({ event }: { event: EventDetailDto }) {
  const t = useT('app');
  const edit = useEditEvent(event.id);
  const [title, setTitle] = useState(event.title);
  const [cause, setCause] = useState(event.cause ?? '');
  const [diners, setDiners] = useState(String(event.expectedDiners));
  const { errors, formError } = formFailure(edit.error, t('editEvent.details.failed'));

  function submit(e: FormEvent) {
    e.preventDefault();
    const expectedDiners = Number.parseInt(diners, 10);
    edit.mutate(
      {
        title,
        cause: cause.trim() || null,
        expectedDiners: Number.isNaN(expectedDiners) ? 1 : expectedDiners,
      },
      { onSuccess: () => toast({ title: t('events.success'), description: t('editEvent.details.saved') }) },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-heading" className="space-y-4">
      <h2 id="details-heading" className="text-xl font-semibold">
        {t('editEvent.details.heading')}
      </h2>
      <FormField label={t('events.eventTitle')} error={errors.title}>
        <Input value={title} maxLength={150} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField label={t('events.cause')} error={errors.cause} hint={t('editEvent.details.causeHint')}>
        <Textarea
          value={cause}
          rows={4}
          maxLength={MAX_CAUSE_LENGTH}
          onChange={(e) => setCause(e.target.value)}
        />
      </FormField>
      <FormField label={t('events.expectedDinersField')} error={errors.expectedDiners}>
        <Input
          type="number"
          min={1}
          inputMode="numeric"
          value={diners}
          onChange={(e) => setDiners(e.target.value)}
        />
      </FormField>
      {formError && <Alert tone="error" title={formError} />}
      <SubmitButton pending={edit.isPending} pendingLabel={t('events.saving')}>
        {t('editEvent.details.save')}
      </SubmitButton>
    </form>
  );
}
