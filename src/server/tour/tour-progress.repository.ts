import { eq } from 'drizzle-orm';
import type { TourProgress } from '../../core/tour';
import type { DbOrTx } from '../db/client';
import { tourProgress } from '../db/schema';

/** A user's tour progress; null when they have never seen the tour. */
export async function findTourProgress(db: DbOrTx, userId: number): Promise<TourProgress | null> {
  const [row] = await db.select().from(tourProgress).where(eq(tourProgress.userId, userId));
  if (!row) return null;
  return {
    active: row.active,
    currentStep: row.currentStep,
    points: row.points,
    badges: row.badges,
    completed: row.completed,
  };
}

export async function saveTourProgress(
  db: DbOrTx,
  userId: number,
  progress: TourProgress,
  now: Date,
): Promise<void> {
  const values = { ...progress, badges: [...progress.badges], updatedAt: now };
  await db
    .insert(tourProgress)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tourProgress.userId, set: values });
}
