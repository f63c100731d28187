import { useMutation } from '@tanstack/react-query';
import type { MenuItemInput } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';
import { menuItemsQueryKey } from './get-menu-items';
import { useT } from '@web/lib/i18n';

export type NewMenuItem = MenuItemInput;

/** POST /api/menu-items; the list is refreshed on success. */
export function useCreateMenuItem(truckId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('menu.createFailed') },
      invalidates: [menuItemsQueryKey(truckId)],
    },
    mutationFn: (item: NewMenuItem) => apiClient.POST('/api/menu-items', { body: item }),
  });
}
