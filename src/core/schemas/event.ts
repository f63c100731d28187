import { formatCents } from '../money';
import { isValidCalendarDate, isValidTimeZone, isValidWallTime } from '../time';
import { idSchema, INVALID_ID, MAX_ID } from './ids';
import { z } from './zod-messages';

const money = (required: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Must be a positive amount' });
      return z.NEVER;
    }
    if (n > 99_999_999.99) {
      ctx.addIssue({ code: 'custom', message: 'Must be at most $99,999,999.99' });
      return z.NEVER;
    }
    return Math.round(n * 100);
  });

const wallTime = (message: string) =>
  z.string({ error: message }).min(1, message).refine(isValidWallTime, 'Use the HH:MM format');

/** A calendar date, given as YYYY-MM-DD (or an ISO timestamp, read as its UTC date). */
const calendarDate = z
  .string({ error: 'Invalid date format' })
  .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
  .refine(isValidCalendarDate, 'Invalid date format');

/** An event request. The server sets status, organizer and expiry itself. */
export const createEventSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(150),
  date: calendarDate,
  startTime: wallTime('Start time is required'),
  endTime: wallTime('End time is required'),
  timeZone: z.string().default('UTC').refine(isValidTimeZone, 'Unknown time zone'),
  location: z.string().trim().min(1, 'Location is required').max(300),
  expectedDiners: z.number().int('Must be a whole number').min(1, 'Must have at least 1 diner').max(100_000),
  minimumSales: money('Minimum sales is required'),
  foodTruckId: z
    .number({ error: 'Food truck selection is required' })
    .int()
    .min(1, 'Food truck selection is required')
    .max(MAX_ID, INVALID_ID),
  priceMarkupPercentage: z.number().min(0).max(100).multipleOf(0.01).default(0),
  selectedMenuItems: z.array(idSchema).max(200).optional(),
});
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEvent = z.output<typeof createEventSchema>;

/** A truck's answer. */
export const approvalSchema = z.object({
  status: z.enum(['approved', 'rejected']),
  minimumSales: money('Please set a minimum sales goal'),
  response: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ApprovalInput = z.input<typeof approvalSchema>;

export const DEFAULT_APPROVAL_GOAL = '1000.00';

/** POST /api/events/{id}/cancel: the organizer or the truck calls the event off, optionally saying why. */
export const cancelEventSchema = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional(),
});
/**
 * An organizer may ask for more than the truck's minimum sales, never less: below it, the first few
 * orders would trigger charges for an event the truck would not come to (docs/decisions/032-event-goal-and-menu.md).
 */
export function goalBelowMinimumMessage(truckName: string, minimumCents: number): string {
  return `The sales goal must be at least ${formatCents(minimumCents)}, ${truckName}'s minimum sales`;
}
