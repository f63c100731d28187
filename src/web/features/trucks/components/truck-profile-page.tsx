import { CalendarDays, Truck } from 'lucide-react';
import { TruckFacts } from './truck-facts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TruckPageDto } from '@contract/trucks';
import { StoredImageOr } from '@web/components/stored-image';
import { ButtonLink } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { describeDaysOff, formatCalendarDate } from './calendar-date';
import { IconText } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';

/**
 * A truck's public page: who it is, its minimum, when it is free, what it serves (`menu`, composed by
 * the page), its reviews (`reviews`) and its next public events. `canRequest` offers the request button (organizers).
 */
export function TruckProfile({
  truck,
  menu,
  reviews,
  canRequest,
}: {
  truck: TruckPageDto;
  menu: ReactNode;
  reviews: ReactNode;
  canRequest: boolean;
}) {
  const t = useT('app');
  const name = truck.businessName ?? truck.username;
  const daysOff = describeDaysOff(t, truck.unavailableWeekdays);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <StoredImageOr
          src={truck.profileImage}
          sizes="(min-width: 640px) 240px, 100vw"
          alt={t('trucks.truckOf', { name })}
          width={640}
          height={360}
          className="aspect-video w-full rounded-card object-cover sm:w-60"
          placeholder={<Truck className="size-12 text-brand-700" />}
          placeholderClassName="aspect-video w-full rounded-card bg-brand-50 sm:w-60"
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold break-words text-ink sm:text-4xl">{name}</h1>
          {truck.cuisine && <p className="mt-1 text-muted">{truck.cuisine}</p>}
          <TruckFacts truck={truck} daysOff={daysOff} />
          {truck.description && <p className="mt-3 text-stone-700">{truck.description}</p>}
          {canRequest && (
            <ButtonLink to={`/events/create?truck=${truck.id}`} className="mt-4">
              {t('trucks.request')}
            </ButtonLink>
          )}
        </div>
      </div>

      <TitledCard title={t('trucks.menu')}>{menu}</TitledCard>
      <TitledCard title={t('trucks.reviews')}>{reviews}</TitledCard>
      <TitledCard title={t('trucks.upcomingEvents')}>
        {truck.upcomingEvents.length === 0 ? (
          <p className="text-sm text-muted">{t('trucks.noUpcoming')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {truck.upcomingEvents.map((event) => (
              <li key={event.id} className="py-3">
                <Link
                  to={`/events/public/${event.id}`}
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  {event.title}
                </Link>
                <IconText icon={CalendarDays} className="mt-1 text-sm text-stone-700">
                  {formatCalendarDate(event.date)} · {event.startTime} · {event.location}
                </IconText>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
