import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';

/** DELETE /api/menu-items/{id} (an item orders refer to is deactivated by the server instead). */
export function useDeleteMenuItem(truckId: number) {
  return useMutation({
    meta: {
      errorToast: { fallback: 'Failed to delete menu item' },
      invalidates: [menuItemsQueryKey(truckId)],
    },
    mutationFn: (itemId: number) =>
      apiClient.DELETE('/api/menu-items/{id}', { params: { path: { id: itemId } } }),
  });
}
