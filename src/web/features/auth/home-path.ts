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

/**
 * Where /auth sends a user who just signed in: back to the page that asked them to (kept in the
 * router's state by RequireSession), else their home. Only same-site paths, never /auth itself, so
 * the state cannot become an open redirect (docs/decisions/034-sign-in-returns-you.md).
 */
export function returnPathFor(user: User, state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth'))
    return from;
  return homePathFor(user);
}
