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
import { useDeleteMenuItem } from '../api/delete-menu-item';
import { useOwnMenuItems } from '../api/get-menu-items';
import { useUpdateMenuItem } from '../api/update-menu-item';
import { EditMenuItemDialog } from './edit-menu-item-dialog';

/** The truck's Menu Items: edit, switch on or off, and delete after the product's question. */
export function MenuItemsList({ truckId }: { truckId: number }) {
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
            title: 'Success',
            description: item.isActive
              ? `${item.name} is switched off: diners no longer see it.`
              : `${item.name} is back on the menu.`,
          }),
      },
    );
  }

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: 'Success', description: 'Menu item deleted successfully.' });
      },
      onError: () => setPending(null),
    });
  }

  return (
    <TitledCard title="Menu Items">
      {items.isPending ? (
        <Spinner label="Loading menu items…" />
      ) : items.isError ? (
        <LoadError title="Failed to load menu items" query={items} />
      ) : items.data.length === 0 ? (
        <p className="py-6 text-center text-muted">No menu items yet. Add some above!</p>
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
                  <span className="text-sm font-semibold text-brand-700">{formatMoney(item.price)}</span>
                </p>
                <p className="text-xs uppercase tracking-wide text-muted">
                  {item.category}
                  {!item.isActive && (
                    <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 normal-case tracking-normal text-stone-700">
                      Switched off
                    </span>
                  )}
                </p>
                {item.description && (
                  <p className="mt-1 text-sm text-muted break-words">{item.description}</p>
                )}
              </div>
              <div className="flex w-full gap-2 sm:w-auto sm:flex-col">
                <ItemAction verb="Edit" item={item} onClick={setEditing} />
                <Button
                  variant="outline"
                  size="sm"
                  role="switch"
                  aria-checked={item.isActive}
                  aria-label={`${item.name} on the menu`}
                  disabled={update.isPending && update.variables?.itemId === item.id}
                  onClick={() => toggle(item)}
                >
                  {item.isActive ? 'Switch off' : 'Switch on'}
                </Button>
                <ItemAction verb="Delete" item={item} onClick={setPending} />
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
        title={pending ? `Delete “${pending.name}”?` : 'Delete menu item'}
        description="Are you sure you want to delete this menu item?"
        confirmLabel={remove.isPending ? 'Deleting...' : pending ? `Delete ${pending.name}` : 'Delete'}
        cancelLabel="Keep dish"
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
  verb: 'Edit' | 'Delete';
  item: MenuItemDto;
  onClick: (item: MenuItemDto) => void;
}) {
  return (
    <Button variant="outline" size="sm" aria-label={`${verb} ${item.name}`} onClick={() => onClick(item)}>
      {verb}
    </Button>
  );
}
