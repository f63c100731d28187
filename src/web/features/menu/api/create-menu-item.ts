import { useMutation } from '@tanstack/react-query';
import type { MenuItemInput } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';

export type NewMenuItem = MenuItemInput;

/** POST /api/menu-items; the list is refreshed on success. */
export function useCreateMenuItem(truckId: number) {
  return useMutation({
    meta: {
      errorToast: { fallback: 'Failed to create menu item' },
      invalidates: [menuItemsQueryKey(truckId)],
    },
    mutationFn: (item: NewMenuItem) => apiClient.POST('/api/menu-items', { body: item }),
  });
}
