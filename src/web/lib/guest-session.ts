import { apiClient } from './api-client';

let started: Promise<void> | null = null;

/**
 * Starts this browser's session before its first write (POST /api/session), once per page load: reads
 * start none, and two requests sent together without one (a double click on "Pay") would otherwise get
 * two sessions and the second its order refused. A failure is forgotten; the write starts one itself.
 */
export function startGuestSession(): Promise<void> {
  started ??= apiClient.POST('/api/session').then(
    () => undefined,
    () => {
      started = null;
    },
  );
  return started;
}
