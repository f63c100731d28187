import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatPickupSlot } from '@core/pickup-slots';
import type { PickupSlotsDto } from '@contract/pickup';
import { FormField } from '@web/components/ui/form-field';
import { Input, Select } from '@web/components/ui/input';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

/**
 * The diner's pickup time and the optional "ready" text (docs/decisions/226-pickup-slots.md,
 * 227-ready-texts.md). A slot that filled up meanwhile (the checkout's 409) is read again and the
 * next one with room is chosen, and said.
 */
export interface PickupChoiceState {
  slot: string | null;
  phone: string;
  consent: boolean;
  /** Checkouts refused since the slots were read: each one reads them again. */
  refusals: number;
  /** The slot was full and this one was chosen in its place. */
  movedTo?: string;
}

export const NO_PICKUP: PickupChoiceState = { slot: null, phone: '', consent: false, refusals: 0 };

/** The checkout request's fields for the pickup (none when nothing was chosen or typed). */
export function pickupRequest(choice: PickupChoiceState) {
  const phone = choice.phone.trim();
  return {
    ...(choice.slot ? { pickupSlot: choice.slot } : {}),
    ...(phone ? { textTo: phone, textConsent: choice.consent } : {}),
  };
}

export function PickupChoice({
  eventId,
  choice,
  onChange,
  disabled,
}: {
  eventId: number;
  choice: PickupChoiceState;
  onChange: (choice: PickupChoiceState) => void;
  disabled: boolean;
}) {
  const t = useT();
  const slots = useQuery({
    queryKey: [`/api/events/${eventId}/pickup-slots`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/pickup-slots', { params: { path: { id: eventId } }, signal }),
  });
  const latest = useRef({ choice, onChange });
  latest.current = { choice, onChange };
  const { refetch } = slots;
  // A refusal: read the slots again; if the chosen one has no room now, take the next that has.
  useEffect(() => {
    if (choice.refusals === 0) return;
    void refetch().then(({ data }) => {
      const { choice: now, onChange: change } = latest.current;
      if (!data || !now.slot) return;
      const chosen = data.slots.find((s) => s.startsAt === now.slot);
      if (chosen && chosen.remaining > 0) return;
      const next =
        data.slots.find((s) => s.remaining > 0 && s.startsAt > now.slot!) ??
        data.slots.find((s) => s.remaining > 0);
      change({ ...now, slot: next?.startsAt ?? null, movedTo: next?.startsAt });
    });
  }, [choice.refusals, refetch]);

  const data: PickupSlotsDto | undefined = slots.data;
  const label = (startsAt: string) =>
    data ? formatPickupSlot(new Date(startsAt), data.minutes ?? 0, data.timeZone) : startsAt;
  return (
    <div className="space-y-3">
      {data && data.slots.length > 0 && (
        <FormField
          label={t('pickup.slotLabel')}
          hint={choice.movedTo ? t('pickup.movedTo', { slot: label(choice.movedTo) }) : t('pickup.slotHint')}
        >
          <Select
            value={choice.slot ?? ''}
            onChange={(e) => onChange({ ...choice, slot: e.target.value || null, movedTo: undefined })}
            disabled={disabled}
            required
          >
            <option value="">{t('pickup.choose')}</option>
            {data.slots.map((slot) => (
              <option key={slot.startsAt} value={slot.startsAt} disabled={slot.remaining === 0}>
                {slot.remaining === 0
                  ? t('pickup.slotFull', { slot: label(slot.startsAt) })
                  : t('pickup.slotLeft', { slot: label(slot.startsAt), count: slot.remaining })}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label={t('pickup.phoneLabel')} hint={t('pickup.phoneHint')}>
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={32}
          value={choice.phone}
          onChange={(e) => onChange({ ...choice, phone: e.target.value })}
          disabled={disabled}
        />
      </FormField>
      {choice.phone.trim() !== '' && (
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={choice.consent}
            onChange={(e) => onChange({ ...choice, consent: e.target.checked })}
            disabled={disabled}
          />
          <span>{t('pickup.consent')}</span>
        </label>
      )}
    </div>
  );
}
