import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';

/** DELETE /api/menu-items/{id} (an item orders refer to is deactivated by the server instead). */
export function useDeleteMenuItem(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to delete menu item' } },
    mutationFn: (itemId: number) =>
      apiClient.DELETE('/api/menu-items/{id}', { params: { path: { id: itemId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuItemsQueryKey(truckId) }),
  });
}
