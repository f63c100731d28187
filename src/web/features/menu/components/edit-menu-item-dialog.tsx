import type { MenuItemDto } from '@contract/menu';
import { Button } from '@web/components/ui/button';
import { SubmitButton } from '@web/components/ui/form-field';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { useUpdateMenuItem } from '../api/update-menu-item';
import { MenuItemFields, useMenuItemForm } from './menu-item-fields';

/** Edits one item with the add form's own fields and rules; orders already placed keep their prices. */
export function EditMenuItemDialog({
  item,
  truckId,
  onClose,
}: {
  item: MenuItemDto;
  truckId: number;
  onClose: () => void;
}) {
  const t = useT('app');
  const update = useUpdateMenuItem(truckId);
  const form = useMenuItemForm(item);

  const onSubmit = form.handleSubmit(({ image, isActive: _, foodTruckId: __, ...values }) =>
    update.mutate(
      {
        itemId: item.id,
        // The picture travels only when it changed.
        changes: { ...values, ...(image !== item.image ? { image } : {}) },
      },
      {
        onSuccess: () => {
          toast({ title: t('menu.success'), description: t('menu.updated') });
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('menu.editTitle', { name: item.name })}
        description={t('menu.editDescription')}
        className="max-h-[90vh] overflow-y-auto"
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
          <MenuItemFields form={form} />
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('menu.cancel')}
            </Button>
            <SubmitButton pending={update.isPending} pendingLabel={t('menu.saving')}>
              {t('menu.saveChanges')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
