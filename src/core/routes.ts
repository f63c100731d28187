/** Client routes reachable without a session. */
export const PUBLIC_ROUTE_PREFIXES = [
  '/events/public',
  '/auth',
  '/how-it-works',
  '/embed',
  '/embed-standalone',
  '/test',
  '/minimal',
  '/unsubscribe',
  '/reminders/confirm',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
] as const;

/** `/` and the listed paths, and any path that continues one of them after a slash, are public. */
export function isPublicRoute(pathname: string): boolean {
  if (pathname === '/') return true;
  return PUBLIC_ROUTE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
