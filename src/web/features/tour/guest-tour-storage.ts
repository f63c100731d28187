import type { TourProgress } from '@core/tour';

/** A guest's tour progress lives in this browser (a signed-in user's on the server). */
const STORAGE_KEY = 'foodtruck-fund:tour-progress';

/** Read back and checked; the checking code (Zod) is fetched only when there is something to check. */
export async function readGuestTourProgress(): Promise<TourProgress | null> {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const { parseTourProgress } = await import('@core/tour-progress');
    return parseTourProgress(JSON.parse(raw));
  } catch {
    return null; // storage disabled or the value tampered with: as if never seen
  }
}

export function writeGuestTourProgress(progress: TourProgress): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Private browsing may refuse storage: the tour still works for this visit.
  }
}
