import { z } from '../core/schemas/zod-messages';
import { moneySchema } from './common';

export { profilePatchSchema, profileSchema } from '../core/schemas/profile';

/** A truck as anyone may see it: business fields only, never contact details or credentials. */
export const truckSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    businessName: z.string().nullable(),
    cuisine: z.string().nullable(),
    minimumSales: moneySchema.nullable(),
    description: z.string().nullable(),
    location: z.string().nullable(),
  })
  .meta({ id: 'TruckSummary' });
export type TruckSummaryDto = z.infer<typeof truckSummarySchema>;

/** A truck's public profile, with its picture's URL (`/api/images/<sha256>`, see contract/images.ts). */
export const truckSchema = truckSummarySchema
  .extend({ profileImage: z.string().nullable() })
  .meta({ id: 'Truck' });
export type TruckDto = z.infer<typeof truckSchema>;
