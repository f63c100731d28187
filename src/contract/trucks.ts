import { z } from '../core/schemas/zod-messages';
import { DIETARY_TAGS } from '../core/dietary';
import { MAX_WITHIN_KM } from '../core/distance';
import { currencySchema, moneySchema } from './common';
import { ratingSummarySchema } from './reviews';

export { profilePatchSchema } from '../core/schemas/profile';

/** A truck as anyone may see it: business fields only, never contact details or credentials. */
export const truckSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    businessName: z.string().nullable(),
    cuisine: z.string().nullable(),
    minimumSales: moneySchema.nullable(),
    /** What the truck sells in: its menu, minimum, events, orders and payouts (decision 230). */
    currency: currencySchema,
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

/** A calendar date, 'YYYY-MM-DD'. */
export const calendarDateSchema = z.iso.date().meta({ description: 'A calendar date, YYYY-MM-DD' });

const weekdaySchema = z.number().int().min(0).max(6);

/** A range of dates a truck is not available (both ends included). */
export const unavailableRangeInputSchema = z
  .object({
    startsOn: calendarDateSchema,
    endsOn: calendarDateSchema,
    note: z.string().trim().max(200, 'The note can be at most 200 characters').nullable().optional(),
  })
  .refine((range) => range.startsOn <= range.endsOn, {
    message: 'The last day cannot be before the first',
    path: ['endsOn'],
  });
export type UnavailableRangeInput = z.infer<typeof unavailableRangeInputSchema>;

export const unavailableRangeSchema = z
  .object({
    id: z.number().int(),
    startsOn: calendarDateSchema,
    endsOn: calendarDateSchema,
    note: z.string().nullable(),
  })
  .meta({ id: 'UnavailableRange' });

export const weeklyPatternSchema = z
  .object({
    unavailableWeekdays: z
      .array(weekdaySchema)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each weekday once'),
  })
  .meta({ id: 'WeeklyPattern' });

/** A truck's availability in a window of dates, as anyone may see it (no notes: those are the truck's). */
export const truckAvailabilitySchema = z
  .object({
    truckId: z.number().int(),
    from: calendarDateSchema,
    to: calendarDateSchema,
    unavailableWeekdays: z.array(weekdaySchema),
    /** When, never why: the truck's notes are its own (decision 214). */
    unavailableDates: z.array(z.object({ startsOn: calendarDateSchema, endsOn: calendarDateSchema })),
    bookedDates: z.array(calendarDateSchema),
    /** When `date` was asked: whether the truck can take it, and if not, the sentence saying why. */
    date: z
      .object({ date: calendarDateSchema, available: z.boolean(), reason: z.string().nullable() })
      .nullable(),
    nextFreeDate: calendarDateSchema.nullable(),
  })
  .meta({ id: 'TruckAvailability' });

export const truckAvailabilityQuerySchema = z.object({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  date: calendarDateSchema.optional(),
});

/** The truck's own view of its calendar: its ranges with their notes, and its week. */
export const ownAvailabilitySchema = z
  .object({ ranges: z.array(unavailableRangeSchema), unavailableWeekdays: z.array(weekdaySchema) })
  .meta({ id: 'OwnAvailability' });
export type OwnAvailabilityDto = z.infer<typeof ownAvailabilitySchema>;

/** One card of the truck directory. */
export const directoryTruckSchema = truckSchema
  .extend({
    menuItemCount: z.number().int(),
    /** The first date from today (UTC) on which the truck is free, within 180 days. */
    nextFreeDate: calendarDateSchema.nullable(),
    rating: ratingSummarySchema,
    /** The dietary tags its active menu items carry: what it offers (decision 172). */
    dietaryTags: z.array(z.enum(DIETARY_TAGS)),
    /**
     * How far the truck's area is from the place asked for (`near`), in whole metres, along the
     * Earth's surface; null without `near` (decision 197).
     */
    distanceMeters: z.number().int().nullable(),
  })
  .meta({ id: 'DirectoryTruck' });
export type DirectoryTruckDto = z.infer<typeof directoryTruckSchema>;

export const truckDirectoryQuerySchema = z.object({
  /** Trucks whose business name contains this (any case): the create-event form's truck search. */
  q: z.string().trim().min(1).max(100).optional(),
  cuisine: z.string().trim().min(1).max(60).optional(),
  area: z.string().trim().min(1).max(100).optional(),
  minFrom: z.coerce.number().int('Whole dollars').min(0).max(1_000_000).optional(),
  minTo: z.coerce.number().int('Whole dollars').min(0).max(1_000_000).optional(),
  freeOn: calendarDateSchema.optional(),
  /** Trucks with at least one active item carrying this dietary tag. */
  diet: z.enum(DIETARY_TAGS, { error: `Unknown diet: use ${DIETARY_TAGS.join(', ')}` }).optional(),
  /**
   * A place (an address, a town): only trucks whose area is within `within` kilometres of it, nearest
   * first. Trucks whose area could not be placed on the map are left out (decision 197).
   */
  near: z.string().trim().min(1).max(200).optional(),
  /** Kilometres from `near` (default 25). */
  within: z.coerce
    .number()
    .int('Whole kilometres')
    .min(1, 'At least 1 km')
    .max(MAX_WITHIN_KM, `At most ${MAX_WITHIN_KM} km`)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type TruckDirectoryQuery = z.infer<typeof truckDirectoryQuerySchema>;

export const truckDirectoryPageSchema = z
  .object({
    trucks: z.array(directoryTruckSchema),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
    /** The cuisines of every listed truck, for the filter: on the first page, empty on later ones. */
    cuisines: z.array(z.string()),
    /** The place `near` was found as, and the radius used; null without `near`. */
    near: z
      .object({
        query: z.string(),
        displayName: z.string(),
        lat: z.number(),
        lon: z.number(),
        withinKm: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'TruckDirectoryPage' });
export type TruckDirectoryPageDto = z.infer<typeof truckDirectoryPageSchema>;

/** A truck's public page: its profile, menu count, availability summary and upcoming public events. */
export const truckPageSchema = directoryTruckSchema
  .extend({
    unavailableWeekdays: z.array(weekdaySchema),
    upcomingEvents: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        date: calendarDateSchema,
        startTime: z.string(),
        location: z.string(),
      }),
    ),
  })
  .meta({ id: 'TruckPage' });
export type TruckPageDto = z.infer<typeof truckPageSchema>;
