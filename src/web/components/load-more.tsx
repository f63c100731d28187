import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { cn } from '../lib/cn';

/** What a paged list's query offers (TanStack Query's infinite query). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a list paged by cursor: "Load more {things}", "Loading more {things}…" while it
 * works, and a sentence when the next page failed. Nothing once the last page is in.
 */
export function LoadMore({
  pages,
  things,
  size,
  className,
}: {
  pages: PagedQuery;
  things: string;
  size?: 'sm';
  className?: string;
}) {
  return (
    <>
      {pages.hasNextPage && (
        <div className={cn('mt-6 flex justify-center', className)}>
          <Button
            variant="outline"
            size={size}
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? `Loading more ${things}…` : `Load more ${things}`}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          Could not load more {things}. Please try again.
        </p>
      )}
    </>
  );
}

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
