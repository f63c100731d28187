import { SubmitRow } from '@web/components/ui/form-field';
import { TitledCard } from '@web/components/ui/page-header';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { useCreateMenuItem } from '../api/create-menu-item';
import { MenuItemFields, menuItemFormValues, useMenuItemForm } from './menu-item-fields';

/** The Add Menu Item form. */
export function AddMenuItemForm({ truckId }: { truckId: number }) {
  const t = useT('app');
  const create = useCreateMenuItem(truckId);
  const form = useMenuItemForm();

  const onSubmit = form.handleSubmit((item) =>
    create.mutate(
      { ...item, foodTruckId: truckId, isActive: true },
      {
        onSuccess: () => {
          form.reset(menuItemFormValues());
          toast({ title: t('menu.success'), description: t('menu.added') });
        },
      },
    ),
  );

  return (
    <TitledCard title={t('menu.addTitle')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <MenuItemFields form={form} pricePlaceholder="12.50" />
        <SubmitRow className="sm:col-span-2" pending={create.isPending} pendingLabel={t('menu.adding')}>
          {t('menu.addTitle')}
        </SubmitRow>
      </form>
    </TitledCard>
  );
}
