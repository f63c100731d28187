import { Clock } from 'lucide-react';
import { formatPickupSlot } from '@core/pickup-slots';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';

/** The diner's pickup slot on the confirmation page (decision 226); nothing when the event has none. */
export function PickupTimeNote({
  pickup,
  timeZone,
}: {
  pickup: { startsAt: string; endsAt: string } | null | undefined;
  timeZone: string;
}) {
  const t = useT();
  const locale = intlLocale(useLanguage());
  if (!pickup) return null;
  const start = new Date(pickup.startsAt);
  const minutes = Math.round((new Date(pickup.endsAt).getTime() - start.getTime()) / 60_000);
  return (
    <p className="flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 text-lg font-semibold">
      <Clock aria-hidden="true" className="size-5 shrink-0" />
      {t('pickup.yourTime', { slot: formatPickupSlot(start, minutes, timeZone, locale) })}
    </p>
  );
}
