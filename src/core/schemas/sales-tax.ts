import { z } from './zod-messages';
import { MAX_SALES_TAX_BASIS_POINTS } from '../tips-and-tax';

const RATE_MESSAGE = 'A sales-tax rate is whole basis points from 0 (none) to 2500 (25%): 8.25% is 825';

const basisPointsSchema = z
  .number({ message: RATE_MESSAGE })
  .int(RATE_MESSAGE)
  .min(0, RATE_MESSAGE)
  .max(MAX_SALES_TAX_BASIS_POINTS, RATE_MESSAGE);

/** A truck's sales tax as answers carry it (decision 189): its rate and what it applies to. */
export const salesTaxSchema = z
  .object({
    /** The rate in basis points: 825 is 8.25%. */
    basisPoints: z.number().int(),
    /** Whether it applies to the food at the truck's menu prices. */
    onFood: z.boolean(),
    /** Whether it applies to the organizer's markup. */
    onMarkup: z.boolean(),
  })
  .meta({ id: 'SalesTax' });

/** PUT /api/users/{id}/sales-tax: the truck's own rate and what it applies to. */
export const truckSalesTaxSchema = z.object({
  basisPoints: basisPointsSchema,
  onFood: z.boolean({ message: 'Say whether the tax applies to the food' }),
  onMarkup: z.boolean({ message: 'Say whether the tax applies to the markup' }),
});

/** PUT /api/events/{id}/sales-tax: the event's own rate, or null for the truck's profile rate. */
export const eventSalesTaxSchema = z.object({
  basisPoints: basisPointsSchema.nullable(),
});
