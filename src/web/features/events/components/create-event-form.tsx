import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { asCurrency, CURRENCY_DIGITS } from '@core/currency';
import { intlLocale } from '@core/language';
import { centsToDecimal, parseDecimalToCents } from '@core/money';
import {
  createEventSchema,
  DEFAULT_APPROVAL_GOAL,
  MAX_CAUSE_LENGTH,
  type CreateEvent,
} from '@core/schemas/event';
import type { TruckSummaryDto } from '@contract/trucks';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { ImageField } from '@web/components/ui/image-field';
import { Input, MoneyInput, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { deviceTimeZone, todayOnThisDevice } from '@web/lib/event-time';
import { currencySign, formatMoney } from '@web/lib/format-money';
import { useLanguage, useT } from '@web/lib/i18n';
import { useCreateEvent } from '../api/create-event';
import { useTruckMenu } from '@web/lib/truck-menu';
import { useTruckDateAvailability } from '../api/get-truck-availability';
import { EventMenuPicker } from './event-menu-picker';
import { TruckPicker, truckLabel } from './truck-picker';

interface EventFormValues {
  title: string;
  foodTruckId: number | '';
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  expectedDiners: number;
  location: string;
  priceMarkupPercentage: number;
  /** Prefilled from the chosen truck's minimum sales; the organizer may raise it, never lower it. */
  minimumSales: string;
  /** "Why we're raising", optional. */
  cause: string;
  /** A cover picture for the event page (a data URL), or none. */
  coverImage: string | null;
}

const FIELDS = [
  'title',
  'foodTruckId',
  'date',
  'startTime',
  'endTime',
  'expectedDiners',
  'location',
  'priceMarkupPercentage',
  'minimumSales',
  'cause',
  'coverImage',
] as const;

/** A calendar date for a button: "Sat, Dec 5". */
function formatNextFree(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** Diners: at least 1 by default, and anything that isn't a number falls back to 1. */
function readDiners(value: unknown): number {
  if (typeof value === 'number') return value;
  const n = Number(value);
  return value === '' || !Number.isFinite(n) ? 1 : n;
}

/** The goal typed so far in cents, or null while it is not a number yet. */
function goalCents(value: string | undefined): number | null {
  const n = Number(value);
  return value === undefined || value.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
}

/** The event request form of /events/create. */
export function CreateEventForm({
  organizerId,
  initialTruck,
  initialDate,
}: {
  organizerId: number;
  /** The truck chosen in the directory (`?truck=`), when the directory still lists it. */
  initialTruck?: TruckSummaryDto;
  /** The date the directory was filtered on (`?date=`). */
  initialDate?: string;
}) {
  const t = useT('app');
  const locale = intlLocale(useLanguage());
  const navigate = useNavigate();
  const create = useCreateEvent(organizerId);
  const form = useForm<EventFormValues, unknown, CreateEvent>({
    // The select gives "" until a truck is chosen; the shared schema answers "Food truck selection is required".
    resolver: zodResolver(createEventSchema) as unknown as Resolver<EventFormValues, unknown, CreateEvent>,
    defaultValues: {
      title: '',
      foodTruckId: initialTruck?.id ?? '',
      date: initialDate && /^\d{4}-\d{2}-\d{2}$/.test(initialDate) ? initialDate : todayOnThisDevice(),
      startTime: '',
      endTime: '',
      timeZone: deviceTimeZone(),
      expectedDiners: 1,
      location: '',
      priceMarkupPercentage: 0,
      minimumSales: initialTruck ? (initialTruck.minimumSales ?? DEFAULT_APPROVAL_GOAL) : '',
      cause: '',
      coverImage: null,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const [selectedTruck, setSelectedTruck] = useState<TruckSummaryDto | null>(initialTruck ?? null);
  const goal = useWatch({ control: form.control, name: 'minimumSales' });
  const menu = useTruckMenu(selectedTruck?.id);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [menuError, setMenuError] = useState<string | undefined>();

  const truckMinimumCents = selectedTruck?.minimumSales
    ? parseDecimalToCents(selectedTruck.minimumSales)
    : null;
  const typedGoal = goalCents(goal);
  // Said as soon as it is typed, not only on submit: the same words the server would answer.
  const goalTooLow =
    selectedTruck && truckMinimumCents !== null && typedGoal !== null && typedGoal < truckMinimumCents
      ? t('createEvent.goalTooLow', {
          minimum: formatMoney(selectedTruck.minimumSales, selectedTruck.currency),
          truck: truckLabel(selectedTruck),
        })
      : undefined;
  const offered = menu.data?.filter((item) => !excluded.has(item.id)) ?? [];
  const date = useWatch({ control: form.control, name: 'date' });
  const availability = useTruckDateAvailability(selectedTruck?.id, date);
  const onDate = availability.data?.date;
  // The truck's calendar, as the server will judge the request (decision 170).
  const dateRefused = onDate && !onDate.available ? (onDate.reason ?? undefined) : undefined;

  const onSubmit = form.handleSubmit((values) => {
    if (goalTooLow || dateRefused) return;
    if (menu.data && menu.data.length > 0 && offered.length === 0) {
      setMenuError(t('createEvent.chooseMenuItem'));
      return;
    }
    create.mutate(
      {
        title: values.title,
        date: values.date,
        startTime: values.startTime,
        endTime: values.endTime,
        timeZone: values.timeZone,
        location: values.location,
        expectedDiners: values.expectedDiners,
        minimumSales: centsToDecimal(values.minimumSales),
        foodTruckId: values.foodTruckId,
        priceMarkupPercentage: values.priceMarkupPercentage,
        cause: values.cause,
        coverImage: values.coverImage,
        // All ticked: the whole menu, so items the truck adds later are offered too.
        ...(excluded.size > 0 ? { selectedMenuItems: offered.map((item) => item.id) } : {}),
      },
      {
        onSuccess: (event) => {
          toast({ title: t('createEvent.successTitle'), description: t('createEvent.sent') });
          void navigate(`/my-events/${event.id}`);
        },
        onError: (error) => {
          // The toast comes from the mutation; the fields the server refused are marked here.
          if (error instanceof ApiError && error.fieldErrors) {
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if ((FIELDS as readonly string[]).includes(field))
                form.setError(field as (typeof FIELDS)[number], { message });
            }
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Alert tone="info" title={t('createEvent.approvalRequired')}>
        {t('createEvent.approvalRequiredText')}
      </Alert>

      <FormField label={t('events.eventTitle')} error={errors.title?.message}>
        <Input {...form.register('title')} />
      </FormField>

      <TruckPicker
        selected={selectedTruck}
        error={errors.foodTruckId?.message}
        onSelect={(truck) => {
          setSelectedTruck(truck);
          form.setValue('foodTruckId', truck.id);
          form.clearErrors('foodTruckId');
          // Choosing a truck prefills the request's minimum sales from the truck's.
          form.setValue('minimumSales', truck.minimumSales ?? DEFAULT_APPROVAL_GOAL);
          setExcluded(new Set());
          setMenuError(undefined);
        }}
      />

      {selectedTruck && (
        <section
          aria-label={t('createEvent.selectedTruck')}
          className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm"
        >
          <p className="text-base font-semibold">{truckLabel(selectedTruck)}</p>
          {selectedTruck.cuisine && (
            <p className="text-stone-700">{t('createEvent.cuisine', { cuisine: selectedTruck.cuisine })}</p>
          )}
          <p className="mt-1 text-stone-800">
            {selectedTruck.minimumSales
              ? t('createEvent.minimumRequirement', {
                  minimum: formatMoney(selectedTruck.minimumSales, selectedTruck.currency),
                })
              : t('createEvent.minimumRequirementNone')}
          </p>
        </section>
      )}

      {selectedTruck && (
        <FormField
          label={
            selectedTruck.currency === 'USD'
              ? t('createEvent.salesGoal')
              : t('createEvent.salesGoalIn', { currency: currencySign(selectedTruck.currency) })
          }
          error={goalTooLow ?? errors.minimumSales?.message}
          hint={
            truckMinimumCents !== null
              ? t('createEvent.salesGoalHintMinimum', {
                  minimum: formatMoney(selectedTruck.minimumSales, selectedTruck.currency),
                })
              : t('createEvent.salesGoalHint')
          }
        >
          <MoneyInput
            min={CURRENCY_DIGITS[asCurrency(selectedTruck.currency)] === 0 ? 1 : 0.01}
            step={CURRENCY_DIGITS[asCurrency(selectedTruck.currency)] === 0 ? 1 : 0.01}
            {...form.register('minimumSales')}
          />
        </FormField>
      )}

      {selectedTruck && (
        <EventMenuPicker
          items={menu.data}
          isPending={menu.isPending}
          isError={menu.isError}
          onRetry={() => void menu.refetch()}
          excluded={excluded}
          onChange={(next) => {
            setExcluded(next);
            setMenuError(undefined);
          }}
          error={menuError}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('events.date')} error={errors.date?.message ?? dateRefused}>
          <Input type="date" {...form.register('date')} />
        </FormField>
        <FormField label={t('events.startTime')} error={errors.startTime?.message}>
          <Input type="time" {...form.register('startTime')} />
        </FormField>
        <FormField label={t('events.endTime')} error={errors.endTime?.message}>
          <Input type="time" {...form.register('endTime')} />
        </FormField>
      </div>

      {selectedTruck && onDate && (
        <p role="status" className="-mt-2 text-sm">
          {onDate.available ? (
            <span className="text-emerald-800">
              {t('createEvent.freeOnDate', { truck: truckLabel(selectedTruck) })}
            </span>
          ) : availability.data?.nextFreeDate ? (
            <Button
              variant="link"
              onClick={() =>
                form.setValue('date', availability.data!.nextFreeDate!, { shouldValidate: true })
              }
            >
              {t('createEvent.useNextFree', { date: formatNextFree(availability.data.nextFreeDate, locale) })}
            </Button>
          ) : null}
        </p>
      )}

      <FormField label={t('events.expectedDinersField')} error={errors.expectedDiners?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...form.register('expectedDiners', { setValueAs: readDiners })}
        />
      </FormField>

      <FormField label={t('events.location')} error={errors.location?.message}>
        <Input autoComplete="street-address" {...form.register('location')} />
      </FormField>

      <FormField label={t('events.cause')} error={errors.cause?.message} hint={t('createEvent.causeHint')}>
        <Textarea rows={4} maxLength={MAX_CAUSE_LENGTH} {...form.register('cause')} />
      </FormField>

      <FormField
        label={t('createEvent.markup')}
        error={errors.priceMarkupPercentage?.message}
        hint={t('createEvent.markupHint')}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="0.01"
          {...form.register('priceMarkupPercentage', {
            setValueAs: (v: unknown) => (v === '' || v === undefined ? 0 : Number(v)),
          })}
        />
      </FormField>

      <ImageField
        control={form.control}
        name="coverImage"
        label={t('createEvent.cover')}
        previewAlt={t('createEvent.coverPreview')}
        hint={t('createEvent.coverHint')}
      />

      <p className="text-xs text-muted">
        {t('createEvent.timeZone', { timeZone: form.getValues('timeZone') })}
      </p>

      <Button
        type="submit"
        size="lg"
        className="w-full"
        data-tour="create-event"
        disabled={!selectedTruck || create.isPending || goalTooLow !== undefined || dateRefused !== undefined}
      >
        {create.isPending ? t('createEvent.creating') : t('createEvent.create')}
      </Button>
    </form>
  );
}
