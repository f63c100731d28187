import type { User } from './api/get-user';

/**
 * Where a signed-in user lands after /auth: admins on the public events list, trucks on their
 * profile, organizers on their dashboard at / (docs/decisions/005-where-users-land.md).
 */
export function homePathFor(user: User): string {
  if (user.role === 'admin') return '/events/public';
  if (user.role === 'foodtruck') return '/profile';
  return '/';
}
