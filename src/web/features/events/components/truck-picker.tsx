import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TruckSummaryDto } from '@contract/trucks';
import { LoadError, LoadMore } from '@web/components/load-more';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { useTruckSearch } from '../api/search-trucks';

export const truckLabel = (truck: TruckSummaryDto) => truck.businessName || truck.username;

/** What is typed, once it has rested for `ms`: a search asks the server once per pause, not per key. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The create-event form's truck picker (decision 220): a search by name over the directory's bookable
 * trucks (a name, a minimum and a dish), a page at a time with "Load more trucks". Each truck is a
 * button (Tab, or the arrow keys from the search box and between trucks; Enter chooses; Escape goes
 * back to the search). Once a truck is chosen the list folds away until the organizer searches again.
 */
export function TruckPicker({
  selected,
  onSelect,
  error,
}: {
  selected: TruckSummaryDto | null;
  onSelect: (truck: TruckSummaryDto) => void;
  error?: string;
}) {
  const t = useT('app');
  const [text, setText] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const q = useSettled(text.trim(), 250);
  const open = !selected || browsing;
  const search = useTruckSearch(q);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const trucks = search.data?.pages.flatMap((page) => page.trucks) ?? [];

  const options = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setBrowsing(true);
      options()[0]?.focus();
    } else if (e.key === 'Escape' && selected) setBrowsing(false);
  };
  const onOptionKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = at + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      inputRef.current?.focus();
    }
  };

  return (
    <div>
      <FormField label={t('events.truckPicker.label')} error={error} hint={t('events.truckPicker.hint')}>
        <Input
          ref={inputRef}
          type="search"
          autoComplete="off"
          placeholder={
            selected
              ? t('events.truckPicker.chosen', { truck: truckLabel(selected) })
              : t('events.truckPicker.placeholder')
          }
          // Only while the list is there: an id that names nothing is an invalid ARIA reference.
          aria-controls={open && trucks.length > 0 ? listId : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setBrowsing(true);
          }}
          onKeyDown={onInputKey}
        />
      </FormField>
      {open && (
        <div className="mt-2">
          {search.isPending ? (
            <Spinner label={t('events.truckPicker.finding')} className="p-4" />
          ) : search.isError && !search.data ? (
            <LoadError title={t('events.truckPicker.loadFailed')} query={search} />
          ) : trucks.length === 0 ? (
            <p role="status" className="text-sm text-muted">
              {q ? t('events.truckPicker.noMatch', { q }) : t('events.truckPicker.none')}
            </p>
          ) : (
            <>
              <ul
                ref={listRef}
                id={listId}
                aria-label={t('events.truckPicker.found')}
                onKeyDown={onOptionKey}
                className="divide-y divide-line rounded-lg border border-line"
              >
                {trucks.map((truck) => {
                  const chosen = selected?.id === truck.id;
                  return (
                    <li key={truck.id}>
                      <button
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => {
                          onSelect(truck);
                          setBrowsing(false);
                        }}
                        className={cn(
                          'block w-full px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
                          chosen && 'bg-brand-50',
                        )}
                      >
                        <span className="block font-semibold text-ink">{truckLabel(truck)}</span>
                        <span className="block text-muted">
                          {[
                            truck.minimumSales
                              ? t('events.truckPicker.minimum', {
                                  minimum: formatMoney(truck.minimumSales, truck.currency),
                                })
                              : null,
                            truck.cuisine,
                            truck.location,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <LoadMore pages={search} things="trucks" size="sm" className="mt-3" />
            </>
          )}
        </div>
      )}
    </div>
  );
}
