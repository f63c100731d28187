import { createContext, useContext } from 'react';
import type { TourProgress, TourStep } from '@core/tour';

export interface TourApi {
  /** null until known (the session and, for a user, the saved progress are still loading). */
  progress: TourProgress | null;
  step: TourStep | null;
  /** The points this person's tour can earn (each role has its own tour). */
  totalPoints: number;
  start(): void;
  next(): void;
  skip(): void;
}

export const TourContext = createContext<TourApi | null>(null);

export function useTour(): TourApi {
  const tour = useContext(TourContext);
  if (!tour) throw new Error('useTour needs a TourProvider');
  return tour;
}
