import { useMutation } from '@tanstack/react-query';
import type { MenuItemUpdateInput } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';
import { useT } from '@web/lib/i18n';

/** PATCH /api/menu-items/{id}: edit an item or switch it on or off. */
export function useUpdateMenuItem(truckId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('menu.updateFailed') },
      invalidates: [menuItemsQueryKey(truckId)],
    },
    mutationFn: ({ itemId, changes }: { itemId: number; changes: MenuItemUpdateInput }) =>
      apiClient.PATCH('/api/menu-items/{id}', { params: { path: { id: itemId } }, body: changes }),
  });
}
