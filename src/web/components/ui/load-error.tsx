import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A read that failed: what could not be loaded, and Retry, which asks again. `page` makes it the
 * whole screen's content (a page whose one read failed); otherwise it stands where the data would.
 */
export function LoadError({
  title,
  query,
  page,
  className,
  children,
}: {
  title: ReactNode;
  query: { refetch: () => Promise<unknown> };
  page?: boolean;
  className?: string;
  /** Shown before the alert on a page, e.g. the page's <title>. */
  children?: ReactNode;
}) {
  const alert = (
    <Alert tone="error" title={title} className={className}>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Alert>
  );
  if (!page) return alert;
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      {children}
      {alert}
    </div>
  );
}
