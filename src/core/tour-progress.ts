import { isReachableTourProgress, TOUR_STEPS, TOUR_TOTAL_POINTS, type TourProgress } from './tour';
import { z } from './schemas/zod-messages';

/*
 * The tour's progress as a Zod schema, apart from the rest of the tour so that the screens which only
 * show the tour do not download Zod before the visitor can use them (decision 091).
 */

export const tourProgressSchema = z
  .object({
    active: z.boolean(),
    currentStep: z
      .number()
      .int()
      .min(0)
      .max(TOUR_STEPS.length - 1),
    points: z.number().int().min(0).max(TOUR_TOTAL_POINTS),
    badges: z.array(z.string().max(16)).max(TOUR_STEPS.length),
    completed: z.boolean(),
  })
  .refine(isReachableTourProgress, 'This tour progress is not possible');

/** Stored progress read back (e.g. from localStorage), or null when it is missing or tampered with. */
export function parseTourProgress(value: unknown): TourProgress | null {
  const parsed = tourProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
