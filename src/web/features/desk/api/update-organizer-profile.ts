import { useUpdateUser } from '@web/lib/update-user';

/** PATCH /api/users/{id} with an organizer's contact address and mail topics. */
export function useUpdateOrganizerProfile(userId: number) {
  return useUpdateUser(userId, 'Failed to save your profile');
}
