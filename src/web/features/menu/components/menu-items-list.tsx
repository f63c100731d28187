import { UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import type { MenuItemDto } from '@contract/menu';
import { StoredImageOr } from '@web/components/stored-image';
import { LoadError } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { categoryName } from '../menu-words';
import { useDeleteMenuItem } from '../api/delete-menu-item';
import { useOwnMenuItems } from '../api/get-menu-items';
import { useUpdateMenuItem } from '../api/update-menu-item';
import { EditMenuItemDialog } from './edit-menu-item-dialog';

/** The truck's Menu Items: edit, switch on or off, and delete after the product's question. */
export function MenuItemsList({ truckId }: { truckId: number }) {
  const t = useT('app');
  const items = useOwnMenuItems(truckId);
  const remove = useDeleteMenuItem(truckId);
  const update = useUpdateMenuItem(truckId);
  const [pending, setPending] = useState<MenuItemDto | null>(null);
  const [editing, setEditing] = useState<MenuItemDto | null>(null);

  function toggle(item: MenuItemDto) {
    update.mutate(
      { itemId: item.id, changes: { isActive: !item.isActive } },
      {
        onSuccess: () =>
          toast({
            title: t('menu.success'),
            description: item.isActive
              ? t('menu.switchedOffText', { name: item.name })
              : t('menu.backOn', { name: item.name }),
          }),
      },
    );
  }

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: t('menu.success'), description: t('menu.deleted') });
      },
      onError: () => setPending(null),
    });
  }

  return (
    <TitledCard title={t('menu.itemsTitle')}>
      {items.isPending ? (
        <Spinner label={t('menu.loadingItems')} />
      ) : items.isError ? (
        <LoadError title={t('menu.itemsFailed')} query={items} />
      ) : items.data.length === 0 ? (
        <p className="py-6 text-center text-muted">{t('menu.noItems')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.data.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start gap-3 py-3 sm:flex-nowrap">
              <StoredImageOr
                src={item.image}
                sizes="56px"
                width={56}
                height={56}
                alt=""
                loading="lazy"
                className="h-14 w-14 shrink-0 rounded-md object-cover"
                placeholder={<UtensilsCrossed className="size-6" />}
                placeholderClassName="h-14 w-14 shrink-0 rounded-md bg-brand-50 text-brand-700"
              />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium break-words">{item.name}</span>
                  <span className="text-sm font-semibold text-brand-700">
                    {formatMoney(item.price, item.currency)}
                  </span>
                </p>
                <p className="text-xs uppercase tracking-wide text-muted">
                  {categoryName(t, item.category)}
                  {!item.isActive && (
                    <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 normal-case tracking-normal text-stone-700">
                      {t('menu.switchedOff')}
                    </span>
                  )}
                </p>
                {item.description && (
                  <p className="mt-1 text-sm text-muted break-words">{item.description}</p>
                )}
              </div>
              <div className="flex w-full gap-2 sm:w-auto sm:flex-col">
                <ItemAction verb="edit" item={item} onClick={setEditing} />
                <Button
                  variant="outline"
                  size="sm"
                  role="switch"
                  aria-checked={item.isActive}
                  aria-label={t('menu.onTheMenu', { name: item.name })}
                  disabled={update.isPending && update.variables?.itemId === item.id}
                  onClick={() => toggle(item)}
                >
                  {item.isActive ? t('menu.switchOff') : t('menu.switchOn')}
                </Button>
                <ItemAction verb="delete" item={item} onClick={setPending} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditMenuItemDialog item={editing} truckId={truckId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        // The dish is named, so a tap on the wrong row is caught here; the question is the spec's.
        title={pending ? t('menu.deleteTitle', { name: pending.name }) : t('menu.deleteItem')}
        description={t('menu.deleteQuestion')}
        confirmLabel={
          remove.isPending
            ? t('menu.deleting')
            : pending
              ? t('menu.deleteNamed', { name: pending.name })
              : t('menu.delete')
        }
        cancelLabel={t('menu.keepDish')}
        onConfirm={confirmDelete}
        destructive
        pending={remove.isPending}
      />
    </TitledCard>
  );
}

/** A row's Edit or Delete button, named for its item too ("Delete Horchata"). */
function ItemAction({
  verb,
  item,
  onClick,
}: {
  verb: 'edit' | 'delete';
  item: MenuItemDto;
  onClick: (item: MenuItemDto) => void;
}) {
  const t = useT('app');
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t(verb === 'edit' ? 'menu.editNamed' : 'menu.deleteNamed', { name: item.name })}
      onClick={() => onClick(item)}
    >
      {t(verb === 'edit' ? 'menu.edit' : 'menu.delete')}
    </Button>
  );
}
