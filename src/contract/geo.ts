import { z } from '../core/schemas/zod-messages';

/** One place as the geocoder answers it: coordinates are decimal strings. */
export const geocodePlaceSchema = z
  .object({
    lat: z.string(),
    lon: z.string(),
    display_name: z.string(),
    boundingbox: z.array(z.string()).optional(),
  })
  .meta({ id: 'GeocodePlace' });
export type GeocodePlace = z.infer<typeof geocodePlaceSchema>;

export const geocodeQuerySchema = z.object({
  location: z.union([z.string(), z.array(z.string())]).optional(),
});
