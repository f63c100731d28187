import { z } from '../core/schemas/zod-messages';

export { tourProgressSchema } from '../core/tour-progress';

/** Tour progress as stored (already checked reachable when it was saved). */
export const storedTourProgressSchema = z
  .object({
    active: z.boolean(),
    currentStep: z.number().int(),
    points: z.number().int(),
    badges: z.array(z.string()),
    completed: z.boolean(),
  })
  .meta({ id: 'TourProgress' });

export const tourAnswerSchema = z.object({ progress: storedTourProgressSchema.nullable() });
export const savedTourSchema = z.object({ progress: storedTourProgressSchema });
