import { LoadMore } from '@web/components/load-more';
import { ChevronDown, Search, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input, Options, Select } from '@web/components/ui/input';
import { DIETARY_TAGS } from '@core/dietary';
import { useT } from '@web/lib/i18n';
import { DEFAULT_WITHIN_KM, WITHIN_KM_CHOICES } from '@core/distance';
import { Spinner } from '@web/components/ui/spinner';
import { useTruckDirectory, type DirectoryFilters } from '../api/get-truck-directory';
import { TruckCard } from './truck-card';

const FILTER_KEYS = ['cuisine', 'diet', 'area', 'near', 'within', 'minFrom', 'minTo', 'freeOn'] as const;
/** On a phone these wait behind "More filters", so the first screen reaches the trucks. */
const MORE_FILTER_KEYS = ['diet', 'area', 'minFrom', 'minTo', 'freeOn'] as const;
/** The two ends of the minimum-sales range, in whole dollars. */
const MINIMUM_BOUNDS = [
  { name: 'minFrom', label: 'trucks.directory.minFrom' },
  { name: 'minTo', label: 'trucks.directory.minTo' },
] as const;

/** /trucks: every bookable truck, filtered by the URL's query, a page at a time. */
export function TruckDirectory() {
  const t = useT('app');
  const common = useT();
  const [params, setParams] = useSearchParams();
  const filters: DirectoryFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, value]) => value),
  );
  const directory = useTruckDirectory(filters);
  const trucks = directory.data?.pages.flatMap((page) => page.trucks) ?? [];
  const cuisines = directory.data?.pages[0]?.cuisines ?? [];
  const filtered = Object.keys(filters).length > 0;
  const near = directory.data?.pages[0]?.near ?? null;
  const moreSet = MORE_FILTER_KEYS.filter((key) => filters[key]).length;
  const [showMore, setShowMore] = useState(moreSet > 0);
  const moreId = useId();
  const withoutDistance = () => {
    const next = new URLSearchParams(params);
    next.delete('near');
    next.delete('within');
    setParams(next);
  };

  return (
    <>
      <form
        role="search"
        aria-label={t('trucks.directory.filter')}
        className="grid gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const key of FILTER_KEYS) {
            const value = String(data.get(key) ?? '').trim();
            if (value) next.set(key, value);
          }
          // A radius means nothing without a place to measure it from.
          if (!next.has('near')) next.delete('within');
          setParams(next);
        }}
      >
        <FormField label={t('trucks.cuisine')}>
          <Select
            name="cuisine"
            defaultValue={filters.cuisine ?? ''}
            key={`c${filters.cuisine ?? ''}${cuisines.length}`}
          >
            <option value="">{t('trucks.directory.anyCuisine')}</option>
            <Options values={cuisines} />
          </Select>
        </FormField>
        <FormField label={t('trucks.directory.near')} hint={t('trucks.directory.nearHint')}>
          <Input
            name="near"
            placeholder={t('trucks.directory.nearPlaceholder')}
            defaultValue={filters.near ?? ''}
          />
        </FormField>
        <FormField label={t('trucks.directory.within')}>
          <Select
            name="within"
            defaultValue={filters.within ?? String(DEFAULT_WITHIN_KM)}
            key={`w${filters.within ?? ''}`}
          >
            <Options values={WITHIN_KM_CHOICES} label={(km) => `${km} km`} />
          </Select>
        </FormField>
        <div className="sm:hidden">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showMore}
            aria-controls={moreId}
            onClick={() => setShowMore((shown) => !shown)}
          >
            {showMore
              ? t('trucks.directory.fewer')
              : moreSet > 0
                ? t('trucks.directory.moreSet', { count: moreSet })
                : t('trucks.directory.more')}
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${showMore ? 'rotate-180' : ''}`}
            />
          </Button>
        </div>
        {/* Hidden on a phone until asked for, but always in the form: a filter set stays set. */}
        <div id={moreId} className={`${showMore ? 'contents' : 'hidden'} sm:contents`}>
          <FormField label={t('trucks.directory.dietary')}>
            <Select name="diet" defaultValue={filters.diet ?? ''} key={`d${filters.diet ?? ''}`}>
              <option value="">{t('trucks.directory.any')}</option>
              <Options values={DIETARY_TAGS} label={(tag) => common(`ui.tags.${tag}`)} />
            </Select>
          </FormField>
          <FormField label={t('trucks.directory.area')}>
            <Input
              name="area"
              placeholder={t('trucks.directory.areaPlaceholder')}
              defaultValue={filters.area ?? ''}
            />
          </FormField>
          {MINIMUM_BOUNDS.map(({ name, label }) => (
            <FormField key={name} label={t(label)}>
              <Input
                name={name}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={filters[name] ?? ''}
              />
            </FormField>
          ))}
          <FormField label={t('trucks.directory.freeOn')}>
            <Input name="freeOn" type="date" defaultValue={filters.freeOn ?? ''} />
          </FormField>
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            {t('trucks.directory.find')}
          </Button>
          {filtered && (
            <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
              {t('trucks.directory.clear')}
            </Button>
          )}
        </div>
      </form>

      <div className="mt-6" aria-live="polite">
        {directory.isPending ? (
          <Spinner label={t('trucks.directory.loading')} />
        ) : directory.isError && filters.near ? (
          <Alert tone="error" title={t('trucks.directory.nearFailed', { near: filters.near })}>
            <p className="text-sm">{directory.error.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void directory.refetch()}>
                {t('trucks.directory.retry')}
              </Button>
              <Button variant="outline" size="sm" onClick={withoutDistance}>
                {t('trucks.directory.withoutDistance')}
              </Button>
            </div>
          </Alert>
        ) : directory.isError ? (
          <Alert tone="error" title={t('trucks.directory.failed')}>
            <p className="text-sm">{directory.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void directory.refetch()}>
              {t('trucks.directory.retry')}
            </Button>
          </Alert>
        ) : trucks.length === 0 ? (
          <EmptyState
            icon={Truck}
            title={filtered ? t('trucks.directory.noMatch') : t('trucks.directory.none')}
          >
            {near
              ? t('trucks.directory.noneNear', { km: near.withinKm, place: near.displayName })
              : filtered
                ? t('trucks.directory.tryAnother')
                : t('trucks.directory.noneYet')}
          </EmptyState>
        ) : (
          <>
            {near && (
              <p className="mb-4 text-sm text-muted">
                {t('trucks.directory.withinNear', { km: near.withinKm, place: near.displayName })}
              </p>
            )}
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {trucks.map((truck) => (
                <TruckCard key={truck.id} truck={truck} requestDate={filters.freeOn} />
              ))}
            </ul>
            <LoadMore pages={directory} things={t('trucks.directory.things')} />
          </>
        )}
      </div>
    </>
  );
}
