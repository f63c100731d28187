import { useT } from '@web/lib/i18n';
import { useUpdateUser } from '@web/lib/update-user';

/** PATCH /api/users/{id} with an organizer's contact address and mail topics. */
export function useUpdateOrganizerProfile(userId: number) {
  const t = useT('app');
  return useUpdateUser(userId, t('desk.profile.failed'));
}
