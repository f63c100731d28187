/**
 * While a server-made page is being hydrated (decision 108): the moment the server rendered it (ms since
 * epoch); null otherwise.
 */
let hydrationTime: number | null = null;

/**
 * Set by the server entry before it renders and by the browser before it hydrates; cleared once the
 * page has been hydrated.
 */
export function setHydrationTime(ms: number | null): void {
  hydrationTime = ms;
}

/**
 * "Now" for what a page shows from the clock (a countdown, "in 2 days", whether orders are still open).
 * While React hydrates a server-made page it is the moment the server rendered it, so the first render
 * matches the HTML it takes over (a mismatch would make React throw the HTML away and build the page
 * again); later renders read the clock. A countdown ticks on its own right after.
 */
export function useNow(): Date {
  return new Date(hydrationTime ?? Date.now());
}
