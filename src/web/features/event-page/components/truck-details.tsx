import { Truck } from 'lucide-react';
import type { TruckDto } from '@contract/trucks';
import { StoredImageOr } from '@web/components/stored-image';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';

/** The food truck: picture, business name, description, cuisine and base location. */
export function TruckDetails({ truck }: { truck: TruckDto }) {
  const t = useT();
  const name = truck.businessName || truck.username;
  return (
    <Card aria-labelledby="truck-details-title">
      <CardHeader>
        <CardTitle id="truck-details-title">{t('eventPage.foodTruck')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row">
        <StoredImageOr
          src={truck.profileImage}
          sizes="(min-width: 640px) 112px, 100vw"
          width={224}
          height={224}
          alt={t('eventPage.foodTruck3', { name: name })}
          loading="lazy"
          className="h-32 w-full shrink-0 rounded-lg object-cover sm:h-28 sm:w-28"
          placeholder={<Truck className="h-12 w-12 text-brand-700" strokeWidth={1.5} />}
          placeholderClassName="h-28 w-28 shrink-0 rounded-lg bg-gradient-to-br from-brand-100 to-orange-300"
        />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">{name}</h3>
          {truck.cuisine && <p className="text-sm font-medium text-brand-700">{truck.cuisine}</p>}
          {truck.description && (
            <p className="mt-2 text-sm break-words text-stone-700">{truck.description}</p>
          )}
          {truck.location && (
            <p className="mt-2 text-sm break-words text-stone-600">
              {t('eventPage.basedIn', { location: truck.location })}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
