import { isReachableTourProgress, tourTotalPoints, type TourProgress } from './tour';
import { ALL_TOURS } from './truck-tour';
import { z } from './schemas/zod-messages';

/*
 * The tour's progress as a Zod schema, apart from the rest of the tour so that the screens which only
 * show the tour do not download Zod before the visitor can use them (decision 091).
 */

const MOST_STEPS = Math.max(...ALL_TOURS.map((steps) => steps.length));
const MOST_POINTS = Math.max(...ALL_TOURS.map(tourTotalPoints));

/** Progress some tour can reach; the server also checks it is the caller's own role's tour. */
export const tourProgressSchema = z
  .object({
    active: z.boolean(),
    currentStep: z
      .number()
      .int()
      .min(0)
      .max(MOST_STEPS - 1),
    points: z.number().int().min(0).max(MOST_POINTS),
    badges: z.array(z.string().max(16)).max(MOST_STEPS),
    completed: z.boolean(),
  })
  .refine(
    (progress) => ALL_TOURS.some((steps) => isReachableTourProgress(progress, steps)),
    'This tour progress is not possible',
  );

/** Stored progress read back (e.g. from localStorage), or null when it is missing or tampered with. */
export function parseTourProgress(value: unknown): TourProgress | null {
  const parsed = tourProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
