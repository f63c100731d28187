import { CalendarCheck, MapPin } from 'lucide-react';
import type { DirectoryTruckDto } from '@contract/trucks';
import { RatingSummary } from '@web/components/stars';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { formatCalendarDate } from './calendar-date';
import { IconText } from '@web/components/ui/card';

/** What an organizer compares trucks on: rating, area, next free date (and days off) and minimum. */
export function TruckFacts({ truck, daysOff }: { truck: DirectoryTruckDto; daysOff?: string | null }) {
  const t = useT('app');
  return (
    <>
      <p className="mt-2">
        <RatingSummary summary={truck.rating} />
      </p>
      {truck.location && (
        <IconText icon={MapPin} className="mt-3 text-sm break-words text-stone-700">
          {truck.location}
        </IconText>
      )}
      <IconText icon={CalendarCheck} className="mt-1 text-sm text-stone-700">
        {truck.nextFreeDate
          ? t('trucks.nextFree', { date: formatCalendarDate(truck.nextFreeDate) })
          : t('trucks.noFreeDate')}
        {daysOff && t('trucks.neverOn', { days: daysOff })}
      </IconText>
      <p className="mt-3 text-sm">
        {t('trucks.minimumSales')} <strong>{formatMoney(truck.minimumSales, truck.currency)}</strong>
      </p>
    </>
  );
}
