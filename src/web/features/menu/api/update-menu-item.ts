import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuItemDto, MenuItemUpdateInput } from '@contract/menu';
import { api } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';

/** PATCH /api/menu-items/{id}: edit an item or switch it on or off. */
export function useUpdateMenuItem(truckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to update menu item' } },
    mutationFn: ({ itemId, changes }: { itemId: number; changes: MenuItemUpdateInput }) =>
      api<MenuItemDto>(`/api/menu-items/${itemId}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuItemsQueryKey(truckId) }),
  });
}
