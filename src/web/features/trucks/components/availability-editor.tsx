import { useState, type FormEvent } from 'react';
import { WEEKDAY_NAMES } from '@core/availability';
import { useT } from '@web/lib/i18n';
import { Button } from '@web/components/ui/button';
import { CardDescription } from '@web/components/ui/card';
import { TitledCard } from '@web/components/ui/page-header';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import {
  useAddUnavailableRange,
  useOwnAvailability,
  useRemoveUnavailableRange,
  useSetUnavailableWeekdays,
} from '../api/own-availability';
import { formatCalendarDate } from './calendar-date';

/**
 * A refusal that is about no single field (days that hold an event the truck accepted): said next to
 * the form, where the truck is looking, until it changes something.
 */
function FormRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** What the form shows of a failed save: the server's field messages, or its sentence. */
function refusalOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: null };
  const fields = error.fieldErrors ?? {};
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

function WeekForm({ saved }: { saved: number[] }) {
  const t = useT('app');
  const [days, setDays] = useState(saved);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSetUnavailableWeekdays();
  const { toast } = useToast();
  const changed = [...days].sort().join() !== [...saved].sort().join();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{t('trucks.availability.never')}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAY_NAMES.map((name, day) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={days.includes(day)}
              onChange={(event) => {
                setRefusal(null);
                setDays(event.target.checked ? [...days, day] : days.filter((d) => d !== day));
              }}
            />
            {t(`trucks.weekday.${day}`)}
          </label>
        ))}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={!changed || save.isPending}
        onClick={() =>
          save.mutate(days, {
            onSuccess: () => toast({ title: t('trucks.availability.weekSaved') }),
            onError: (error) => setRefusal(refusalOf(error).message),
          })
        }
      >
        {save.isPending ? t('trucks.availability.saving') : t('trucks.availability.saveWeek')}
      </Button>
      {refusal && (
        <div className="mt-2">
          <FormRefusal message={refusal} />
        </div>
      )}
    </fieldset>
  );
}

function AddRangeForm() {
  const t = useT('app');
  const add = useAddUnavailableRange();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { toast } = useToast();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const startsOn = String(data.get('startsOn') ?? '');
    const endsOn = String(data.get('endsOn') ?? '') || startsOn;
    const note = String(data.get('note') ?? '').trim();
    if (!startsOn) {
      setErrors({ startsOn: t('trucks.availability.chooseFirst') });
      return;
    }
    setErrors({});
    setRefusal(null);
    add.mutate(
      { startsOn, endsOn, note: note || null },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('trucks.availability.marked') });
        },
        onError: (error) => {
          const { fields, message } = refusalOf(error);
          setErrors(fields);
          setRefusal(message);
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('trucks.availability.markDates')}
      className="grid gap-3 sm:grid-cols-2"
    >
      <FormField label={t('trucks.availability.firstDay')} error={errors.startsOn}>
        <Input type="date" name="startsOn" required />
      </FormField>
      <FormField
        label={t('trucks.availability.lastDay')}
        hint={t('trucks.availability.lastDayHint')}
        error={errors.endsOn}
      >
        <Input type="date" name="endsOn" />
      </FormField>
      <FormField label={t('trucks.availability.note')} error={errors.note} className="sm:col-span-2">
        <Input name="note" maxLength={200} placeholder={t('trucks.availability.notePlaceholder')} />
      </FormField>
      {refusal && (
        <div className="sm:col-span-2">
          <FormRefusal message={refusal} />
        </div>
      )}
      <div className="sm:col-span-2">
        <SubmitButton pending={add.isPending} pendingLabel={t('trucks.availability.saving')}>
          {t('trucks.availability.markUnavailable')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The truck's calendar on its profile: days off every week, and dated periods it can't work. */
export function AvailabilityEditor() {
  const t = useT('app');
  const availability = useOwnAvailability();
  const remove = useRemoveUnavailableRange();
  return (
    <TitledCard
      title={t('trucks.availability.title')}
      description={<CardDescription>{t('trucks.availability.description')}</CardDescription>}
      contentClassName="space-y-6"
    >
      {availability.isPending ? (
        <Spinner label={t('trucks.availability.loading')} />
      ) : availability.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('trucks.availability.failed')}
        </p>
      ) : (
        <>
          <WeekForm
            key={availability.data.unavailableWeekdays.join()}
            saved={availability.data.unavailableWeekdays}
          />
          <div>
            <h3 className="text-sm font-semibold text-ink">{t('trucks.availability.dates')}</h3>
            {availability.data.ranges.length === 0 ? (
              <p className="mt-1 text-sm text-muted">{t('trucks.availability.none')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {availability.data.ranges.map((range) => {
                  const when =
                    range.startsOn === range.endsOn
                      ? formatCalendarDate(range.startsOn)
                      : `${formatCalendarDate(range.startsOn)} – ${formatCalendarDate(range.endsOn)}`;
                  return (
                    <li key={range.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0 break-words">
                        <span className="font-semibold">{when}</span>
                        {range.note && <span className="text-muted"> · {range.note}</span>}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('trucks.availability.removeNamed', { when })}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(range.id)}
                      >
                        {t('trucks.availability.remove')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <AddRangeForm />
        </>
      )}
    </TitledCard>
  );
}
