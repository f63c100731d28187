import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { TruckFacts } from './truck-facts';
import type { DirectoryTruckDto } from '@contract/trucks';
import { StoredImageOr } from '@web/components/stored-image';
import { useT } from '@web/lib/i18n';
import { describeDistance } from './calendar-date';

/** One truck in the directory: picture, name, cuisine, area, minimum and next free date. */
export function TruckCard({ truck, requestDate }: { truck: DirectoryTruckDto; requestDate?: string }) {
  const t = useT('app');
  const common = useT();
  const name = truck.businessName ?? truck.username;
  return (
    <li className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-card">
      <StoredImageOr
        src={truck.profileImage}
        sizes="(min-width: 640px) 320px, 100vw"
        alt=""
        width={640}
        height={360}
        loading="lazy"
        className="aspect-video w-full object-cover"
        placeholder={<Truck className="size-12 text-brand-700" />}
        placeholderClassName="aspect-video bg-brand-50"
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-bold break-words">
          <Link to={`/trucks/${truck.id}`} className="hover:underline">
            {name}
          </Link>
        </h2>
        {truck.cuisine && <p className="text-sm text-muted">{truck.cuisine}</p>}
        {truck.distanceMeters !== null && (
          <p className="text-sm font-semibold text-ink">{describeDistance(t, truck.distanceMeters)}</p>
        )}
        <TruckFacts truck={truck} />
        <p className="text-sm text-muted">{t('trucks.menuItems', { count: truck.menuItemCount })}</p>
        {truck.dietaryTags.length > 0 && (
          <p className="text-sm text-muted">
            {t('trucks.options', {
              options: truck.dietaryTags.map((tag) => common(`ui.tags.${tag}`)).join(', '),
            })}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3 sm:mt-auto sm:pt-4">
          <Link
            to={`/trucks/${truck.id}`}
            aria-label={t('trucks.seeMenu', { name })}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {t('trucks.menuAndDates')}
          </Link>
          <Link
            to={`/events/create?truck=${truck.id}${requestDate ? `&date=${requestDate}` : ''}`}
            aria-label={t('trucks.requestNamed', { name })}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {t('trucks.request')}
          </Link>
        </div>
      </div>
    </li>
  );
}
