import { CalendarDays, MapPin, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { StoredImage } from '@web/components/stored-image';
import { EVENT_HERO_SIZES } from '@core/images';
import { endsNextDay, formatEventDate, formatEventTime } from '@core/time';
import type { PublicEventDetails } from '../api/get-event';
import { describeRelativeStart } from '../relative-date';
import { IconText } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';

/** The picture at the top: the event's cover, else the truck's photo, else a gradient with an icon. */
function HeroImage({ event }: { event: PublicEventDetails }) {
  const t = useT();
  const truckName = event.foodTruck.businessName || event.foodTruck.username;
  const src = event.coverImageUrl ?? event.foodTruck.profileImage;
  if (!src) {
    return (
      <div
        aria-hidden="true"
        data-testid="hero-fallback"
        className="flex aspect-[5/2] w-full items-center justify-center rounded-2xl bg-gradient-to-br from-brand-100 via-amber-100 to-orange-300 sm:aspect-[3/1] lg:aspect-[4/1]"
      >
        <Truck className="h-16 w-16 text-brand-700 sm:h-24 sm:w-24" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <StoredImage
      src={src}
      sizes={EVENT_HERO_SIZES}
      alt={event.coverImageUrl ? event.title : t('eventPage.foodTruck2', { truckName: truckName })}
      width={1200}
      height={480}
      // The largest thing on the page: fetched first (Largest Contentful Paint).
      fetchPriority="high"
      className="aspect-[5/2] w-full rounded-2xl bg-stone-200 object-cover sm:aspect-[3/1] lg:aspect-[4/1]"
    />
  );
}

/**
 * The top of the event page: picture, title, when (in the event's own zone, named), where, who
 * organizes it with which truck, and the page's actions (share, calendar).
 */
export function EventHero({
  event,
  now,
  actions,
}: {
  event: PublicEventDetails;
  now: Date;
  actions?: ReactNode;
}) {
  const t = useT();
  const startsAt = new Date(event.startsAt);
  const endsAt = new Date(event.endsAt);
  const nextDay = endsNextDay(event.startTime, event.endTime);
  return (
    <header className="space-y-4">
      <HeroImage event={event} />
      <div className="space-y-3">
        <h1 className="text-3xl font-bold break-words sm:text-4xl">{event.title}</h1>
        <ul className="space-y-1.5 text-stone-700">
          <li>
            <IconText icon={CalendarDays} iconClassName="size-5 text-brand-700">
              <span className="font-medium text-stone-900">{formatEventDate(startsAt, event.timeZone)}</span>
              {' · '}
              <span>{describeRelativeStart(startsAt, now, event.timeZone)}</span>
              <span className="block text-sm text-stone-600">
                {formatEventTime(startsAt, event.timeZone)} {t('eventPage.to')}{' '}
                {formatEventTime(endsAt, event.timeZone)}
                {nextDay ? t('eventPage.theNextDay') : null}
              </span>
            </IconText>
          </li>
          <li>
            <IconText icon={MapPin} iconClassName="size-5 text-brand-700" className="break-words">
              {event.location}
            </IconText>
          </li>
        </ul>
        <p className="text-sm text-stone-700">
          {t('eventPage.organizedBy')}{' '}
          <span className="font-semibold text-stone-900">{event.organizerName}</span> {t('eventPage.with')}{' '}
          <span className="font-semibold text-stone-900">{event.foodTruckName}</span>
        </p>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
