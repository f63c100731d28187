/**
 * Every page the web app draws, as its router writes it (`:name` is one segment). The server answers any
 * other page address with 404 (the app still draws its "Page Not Found"), so a mistyped or stale link
 * is not kept by search engines as a page; the router's test checks the two lists agree.
 */
export const CLIENT_PATHS = [
  '/',
  '/auth',
  '/how-it-works',
  '/test',
  '/admin/chat',
  '/profile',
  '/events/create',
  '/my-events',
  '/my-events/:id',
  '/my-events/:id/edit',
  '/bookings',
  '/bookings/:id/day',
  '/admin/events',
  '/trucks',
  '/trucks/:id',
  '/review',
  '/events/public',
  '/events/public/:id',
  '/events/public/:id/orders/:orderId',
  '/events/public/:id/board',
  '/events/:id/approve',
  '/payouts',
  '/payouts/onboarding/simulator',
  '/unsubscribe',
  '/reminders/confirm',
  '/account',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/minimal',
  '/embed',
  '/embed-standalone',
] as const;

const CLIENT_PATH_SEGMENTS = CLIENT_PATHS.map((pattern) => pattern.split('/'));

/** Whether the app has a page at `pathname` (a trailing slash allowed, as the router allows it). */
export function isClientPath(pathname: string): boolean {
  const segments = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return CLIENT_PATH_SEGMENTS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}
