import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';
import { useT } from '@web/lib/i18n';

/** DELETE /api/menu-items/{id} (an item orders refer to is deactivated by the server instead). */
export function useDeleteMenuItem(truckId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('menu.deleteFailed') },
      invalidates: [menuItemsQueryKey(truckId)],
    },
    mutationFn: (itemId: number) =>
      apiClient.DELETE('/api/menu-items/{id}', { params: { path: { id: itemId } } }),
  });
}
