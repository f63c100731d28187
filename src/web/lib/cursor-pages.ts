import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The options of a list the API gives a page at a time (decisions 162 and 177): the first page
 * is asked for without a cursor, each next one with the `nextCursor` of the page before, until that is
 * null. `fetchPage` makes the call; the cursor is undefined for the first page, so it drops out of the URL.
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
