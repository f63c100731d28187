import type { MenuItemDto } from '@contract/menu';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';

/**
 * Which of the truck's items the event offers. Every item starts ticked: leaving them all ticked
 * offers the whole menu, including items the truck adds later.
 */
export function EventMenuPicker({
  items,
  isPending,
  isError,
  onRetry,
  excluded,
  onChange,
  error,
}: {
  items: MenuItemDto[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  excluded: ReadonlySet<number>;
  onChange: (excluded: Set<number>) => void;
  error?: string | undefined;
}) {
  const t = useT('app');
  return (
    <fieldset className="rounded-lg border border-line p-4" aria-describedby="event-menu-hint">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('events.menu.legend')}</legend>
      <p id="event-menu-hint" className="text-xs text-muted">
        {t('events.menu.hint')}
      </p>
      {isPending ? (
        <Spinner label={t('events.menu.loading')} className="p-4" />
      ) : isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('events.menu.failed')}{' '}
          <Button variant="ghost" size="sm" onClick={onRetry}>
            {t('events.retry')}
          </Button>
        </p>
      ) : !items || items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('events.menu.empty')}</p>
      ) : (
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 text-sm hover:bg-stone-50">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={!excluded.has(item.id)}
                  onChange={(e) => {
                    const next = new Set(excluded);
                    if (e.target.checked) next.delete(item.id);
                    else next.add(item.id);
                    onChange(next);
                  }}
                />
                <span className="flex-1 break-words">{item.name}</span>
                <span className="text-muted tabular-nums">{formatMoney(item.price, item.currency)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
