import { LoadMore } from '@web/components/load-more';
import { ChevronDown, Search, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input, Options, Select } from '@web/components/ui/input';
import { DIETARY_TAG_LABELS, DIETARY_TAGS } from '@core/dietary';
import { DEFAULT_WITHIN_KM, WITHIN_KM_CHOICES } from '@core/distance';
import { Spinner } from '@web/components/ui/spinner';
import { useTruckDirectory, type DirectoryFilters } from '../api/get-truck-directory';
import { TruckCard } from './truck-card';

const FILTER_KEYS = ['cuisine', 'diet', 'area', 'near', 'within', 'minFrom', 'minTo', 'freeOn'] as const;
/** On a phone these wait behind "More filters", so the first screen reaches the trucks. */
const MORE_FILTER_KEYS = ['diet', 'area', 'minFrom', 'minTo', 'freeOn'] as const;
/** The two ends of the minimum-sales range, in whole dollars. */
const MINIMUM_BOUNDS = [
  { name: 'minFrom', label: 'Minimum from ($)' },
  { name: 'minTo', label: 'Minimum up to ($)' },
] as const;

/** /trucks: every bookable truck, filtered by the URL's query, a page at a time. */
export function TruckDirectory() {
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
        aria-label="Filter trucks"
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
        <FormField label="Cuisine">
          <Select
            name="cuisine"
            defaultValue={filters.cuisine ?? ''}
            key={`c${filters.cuisine ?? ''}${cuisines.length}`}
          >
            <option value="">Any cuisine</option>
            <Options values={cuisines} />
          </Select>
        </FormField>
        <FormField label="Near" hint="A town or address: trucks whose area is within reach">
          <Input name="near" placeholder="e.g. Austin, TX" defaultValue={filters.near ?? ''} />
        </FormField>
        <FormField label="Within">
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
            {showMore ? 'Fewer filters' : moreSet > 0 ? `More filters (${moreSet} set)` : 'More filters'}
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${showMore ? 'rotate-180' : ''}`}
            />
          </Button>
        </div>
        {/* Hidden on a phone until asked for, but always in the form: a filter set stays set. */}
        <div id={moreId} className={`${showMore ? 'contents' : 'hidden'} sm:contents`}>
          <FormField label="Dietary options">
            <Select name="diet" defaultValue={filters.diet ?? ''} key={`d${filters.diet ?? ''}`}>
              <option value="">Any</option>
              <Options values={DIETARY_TAGS} label={(tag) => DIETARY_TAG_LABELS[tag].label} />
            </Select>
          </FormField>
          <FormField label="Area">
            <Input name="area" placeholder="City or neighborhood" defaultValue={filters.area ?? ''} />
          </FormField>
          {MINIMUM_BOUNDS.map(({ name, label }) => (
            <FormField key={name} label={label}>
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
          <FormField label="Free on">
            <Input name="freeOn" type="date" defaultValue={filters.freeOn ?? ''} />
          </FormField>
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            Find trucks
          </Button>
          {filtered && (
            <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </div>
      </form>

      <div className="mt-6" aria-live="polite">
        {directory.isPending ? (
          <Spinner label="Loading trucks…" />
        ) : directory.isError && filters.near ? (
          <Alert tone="error" title={`Couldn’t search near “${filters.near}”.`}>
            <p className="text-sm">{directory.error.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void directory.refetch()}>
                Retry
              </Button>
              <Button variant="outline" size="sm" onClick={withoutDistance}>
                Search without distance
              </Button>
            </div>
          </Alert>
        ) : directory.isError ? (
          <Alert tone="error" title="Error loading trucks. Please try again.">
            <p className="text-sm">{directory.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void directory.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : trucks.length === 0 ? (
          <EmptyState icon={Truck} title={filtered ? 'No trucks match these filters.' : 'No trucks yet.'}>
            {near
              ? `No truck within ${near.withinKm} km of ${near.displayName}. Try a wider distance.`
              : filtered
                ? 'Try another date, area, cuisine or diet.'
                : 'Trucks appear here once they have a name, a minimum and a menu.'}
          </EmptyState>
        ) : (
          <>
            {near && (
              <p className="mb-4 text-sm text-muted">
                Within {near.withinKm} km of {near.displayName}, nearest first. Trucks whose area isn’t on the
                map are not shown.
              </p>
            )}
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {trucks.map((truck) => (
                <TruckCard key={truck.id} truck={truck} requestDate={filters.freeOn} />
              ))}
            </ul>
            <LoadMore pages={directory} things="trucks" />
          </>
        )}
      </div>
    </>
  );
}
