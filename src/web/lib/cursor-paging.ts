/**
 * What every list paged by cursor tells TanStack Query: the first page is asked for without a cursor,
 * each next one with the `nextCursor` of the page before, and a null `nextCursor` ends the list.
 * Spread it into `useInfiniteQuery` / `infiniteQueryOptions` beside the list's `queryKey` and `queryFn`.
 */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};
