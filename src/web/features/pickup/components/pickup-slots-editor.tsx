import { useState, type FormEvent } from 'react';
import { formatPickupSlot, MAX_SLOT_CAPACITY, PICKUP_SLOT_MINUTES } from '@core/pickup-slots';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, Select } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';
import { usePickupSlots, useSetPickupSlots, useSlotPrep } from '../api/pickup';

/**
 * The truck's pickup times for an event (decision 226): a length and how many orders a slot takes,
 * how many each slot holds so far, and closing a slot. A link to the board for the window's tablet.
 */
export function PickupSlotsEditor({ eventId }: { eventId: number }) {
  const t = useT('app');
  const locale = intlLocale(useLanguage());
  const slots = usePickupSlots(eventId);
  const save = useSetPickupSlots(eventId);
  const prep = useSlotPrep(eventId).data?.slots;
  const data = slots.data;
  const [minutes, setMinutes] = useState<string>('');
  const [capacity, setCapacity] = useState<string>('');
  const chosenMinutes = Number(minutes || data?.minutes || 15);
  const chosenCapacity = capacity || String(data?.slots[0]?.capacity ?? 10);
  const closed = data?.slots.filter((s) => s.closed).map((s) => s.startsAt) ?? [];

  const put = (closedSlots: string[], done: string) => {
    const n = Number(chosenCapacity);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SLOT_CAPACITY) {
      toast({
        title: t('pickupSlots.heading'),
        description: t('pickupSlots.capacityInvalid'),
        variant: 'destructive',
      });
      return;
    }
    save.mutate(
      { minutes: chosenMinutes as 10 | 15 | 20 | 30, capacity: n, closed: closedSlots },
      { onSuccess: () => toast({ title: done }) },
    );
  };
  /** "3 × Taco, 1 × Horchata": what the slot's orders hold, for the prep before the day. */
  const prepOf = (startsAt: string) =>
    prep
      ?.find((p) => p.startsAt === startsAt)
      ?.items.map((i) => `${i.quantity} × ${i.name}`)
      .join(', ');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    put(closed, t('pickupSlots.saved'));
  };
  return (
    <details
      className="mt-3 rounded-xl border border-stone-200 bg-white p-4 text-sm"
      open={Boolean(data?.minutes)}
    >
      <summary className="cursor-pointer font-semibold">{t('pickupSlots.heading')}</summary>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <FormField label={t('pickupSlots.minutesLabel')}>
          <Select value={String(chosenMinutes)} onChange={(e) => setMinutes(e.target.value)}>
            {PICKUP_SLOT_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t('pickupSlots.minutes', { count: m })}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('pickupSlots.capacityLabel')}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SLOT_CAPACITY}
            value={chosenCapacity}
            onChange={(e) => setCapacity(e.target.value)}
            className="w-28"
          />
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          {data?.minutes ? t('pickupSlots.save') : t('pickupSlots.offer')}
        </Button>
      </form>
      {data && data.slots.length > 0 && (
        <ul aria-label={t('pickupSlots.listLabel')} className="mt-4 divide-y divide-stone-100">
          {data.slots.map((slot) => {
            const label = formatPickupSlot(new Date(slot.startsAt), data.minutes ?? 0, data.timeZone, locale);
            return (
              <li key={slot.startsAt} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {label} · {t('pickupSlots.holds', { count: slot.orders, capacity: slot.capacity })}
                  {slot.closed && <> · {t('pickupSlots.closed')}</>}
                  {prepOf(slot.startsAt) && (
                    <span className="block text-muted">
                      {t('pickupSlots.prep', { items: prepOf(slot.startsAt) })}
                    </span>
                  )}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={save.isPending}
                  aria-label={
                    slot.closed
                      ? t('pickupSlots.openSlot', { slot: label })
                      : t('pickupSlots.closeSlot', { slot: label })
                  }
                  onClick={() =>
                    put(
                      slot.closed ? closed.filter((c) => c !== slot.startsAt) : [...closed, slot.startsAt],
                      slot.closed
                        ? t('pickupSlots.opened', { slot: label })
                        : t('pickupSlots.closedToast', { slot: label }),
                    )
                  }
                >
                  {slot.closed ? t('pickupSlots.open') : t('pickupSlots.close')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 text-muted">
        {t('pickupSlots.boardHint')}{' '}
        <a
          className="font-semibold underline"
          href={`/events/public/${eventId}/board`}
          target="_blank"
          rel="noreferrer"
        >
          {t('pickupSlots.boardLink')}
        </a>
      </p>
    </details>
  );
}
