import { parseTourProgress, type TourProgress } from '@core/tour';

/** A guest's tour progress lives in this browser (a signed-in user's on the server). */
const STORAGE_KEY = 'foodtruck-fund:tour-progress';

export function readGuestTourProgress(): TourProgress | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? parseTourProgress(JSON.parse(raw)) : null;
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
