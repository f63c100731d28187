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
