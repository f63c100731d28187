import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';
import type { DeleteMenuItemDto } from '@contract/menu';

/** DELETE /api/menu-items/{id} (an item orders refer to is deactivated by the server instead). */
export function useDeleteMenuItem(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to delete menu item' } },
    mutationFn: (itemId: number) => api<DeleteMenuItemDto>(`/api/menu-items/${itemId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuItemsQueryKey(truckId) }),
  });
}
