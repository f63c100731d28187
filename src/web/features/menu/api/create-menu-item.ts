import type { MenuItemInput } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';
import { useRefreshingMutation } from '@web/lib/use-refreshing-mutation';
import { menuItemsQueryKey } from './get-menu-items';

/** POST /api/menu-items; the list is refreshed on success. */
export function useCreateMenuItem(truckId: number) {
  return useRefreshingMutation(
    'Failed to create menu item',
    (item: MenuItemInput) => apiClient.POST('/api/menu-items', { body: item }),
    menuItemsQueryKey(truckId),
  );
}
