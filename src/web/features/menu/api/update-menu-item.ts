import type { MenuItemUpdateInput } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';
import { useRefreshingMutation } from '@web/lib/use-refreshing-mutation';
import { menuItemsQueryKey } from './get-menu-items';

/** PATCH /api/menu-items/{id}: edit an item or switch it on or off. */
export function useUpdateMenuItem(truckId: number) {
  return useRefreshingMutation(
    'Failed to update menu item',
    ({ itemId, changes }: { itemId: number; changes: MenuItemUpdateInput }) =>
      apiClient.PATCH('/api/menu-items/{id}', { params: { path: { id: itemId } }, body: changes }),
    menuItemsQueryKey(truckId),
  );
}
