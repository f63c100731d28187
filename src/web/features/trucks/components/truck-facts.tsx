import { CalendarCheck, MapPin } from 'lucide-react';
import type { DirectoryTruckDto } from '@contract/trucks';
import { RatingSummary } from '@web/components/stars';
import { formatMoney } from '@web/lib/format-money';
import { formatCalendarDate } from './calendar-date';

/** What an organizer compares trucks on: rating, area, next free date (and days off) and minimum. */
export function TruckFacts({ truck, daysOff }: { truck: DirectoryTruckDto; daysOff?: string | null }) {
  return (
    <>
      <p className="mt-2">
        <RatingSummary summary={truck.rating} />
      </p>
      {truck.location && (
        <p className="mt-3 flex items-start gap-2 text-sm break-words text-stone-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span className="min-w-0">{truck.location}</span>
        </p>
      )}
      <p className="mt-1 flex items-start gap-2 text-sm text-stone-700">
        <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          {truck.nextFreeDate
            ? `Next free: ${formatCalendarDate(truck.nextFreeDate)}`
            : 'No free date in the next 6 months'}
          {daysOff && ` · Never on ${daysOff}`}
        </span>
      </p>
      <p className="mt-3 text-sm">
        Minimum sales: <strong>{formatMoney(truck.minimumSales)}</strong>
      </p>
    </>
  );
}
