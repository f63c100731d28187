import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useT } from '../lib/i18n';

/**
 * The query of a list the API gives a page at a time (decisions 162 and 177): the first page is asked
 * for without a cursor, each next one with the `nextCursor` of the page before, until that is null.
 * `fetchPage` makes the call; the cursor is undefined for the first page, so it drops out of the URL.
 * It lives beside the button that loads the next page so that a paged list's screen loads one shared
 * chunk, not two (each chunk is named in the first script the public event page waits for, decision 091).
 */
export function cursorPagesQuery<TKey extends QueryKey, TPage extends { nextCursor: string | null }>(
  queryKey: TKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

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
  const t = useT();
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
            {pages.isFetchingNextPage ? t('ui.loadingMore', { things }) : t('ui.loadMore', { things })}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          {t('ui.loadMoreFailed', { things })}
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
  const t = useT();
  const alert = (
    <Alert tone="error" title={title} className={className}>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        {t('ui.retry')}
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

/**
 * The whole screen when the read of the one record it shows failed. When the server would not show it
 * (404, or 403: not this person's), `notFound` as the heading, the server's reason and the way `back`;
 * any other failure is a LoadError with Retry, titled `failed`.
 */
export function RecordLoadError({
  query,
  notFound,
  back,
  failed,
}: {
  query: { error: unknown; refetch: () => Promise<unknown> };
  notFound: string;
  back: ReactNode;
  failed: string;
}) {
  const { error } = query;
  if (!(error instanceof ApiError && (error.status === 404 || error.status === 403)))
    return <LoadError page title={failed} query={query} />;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{notFound}</h1>
      <p className="mt-2 text-muted">{error.message}</p>
      {back}
    </div>
  );
}

/**
 * A list's read in its four states: a spinner while it loads (`loading` is what it announces),
 * LoadError with Retry when it failed (`failed` is its title), `empty` when there is nothing, else
 * `children` with the items (also when only a later page of a paged list failed). The lists of a
 * screen say only what differs: their words and rows.
 */
export function ListStates<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => Promise<unknown> };
  loading: string;
  failed: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  // A paged list whose later page failed keeps what it loaded; LoadMore says the page failed under it.
  if (query.isError && query.data === undefined) return <LoadError title={failed} query={query} />;
  const items = query.data ?? [];
  return <>{items.length === 0 ? empty : children(items)}</>;
}
