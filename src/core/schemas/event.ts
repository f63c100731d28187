import { formatCents } from '../money';
import { endsAfterStart, eventCalendarDate, isValidTimeZone, isValidWallTime } from '../time';
import { idSchema, INVALID_ID, MAX_ID } from './ids';
import { imageFieldSchema, optionalText } from './profile';
import { z } from './zod-messages';

export const END_BEFORE_START = 'End time must be after the start time';
export const GOAL_ABOVE_ZERO = 'The sales goal must be more than $0.00';
/** The organizer's own words on why they raise money: shown on the event page. */
export const MAX_CAUSE_LENGTH = 2000;
export const CAUSE_TOO_LONG = `Please keep this under ${MAX_CAUSE_LENGTH.toLocaleString('en-US')} characters`;

const money = (required: string, { positive = false }: { positive?: boolean } = {}) =>
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
    const cents = Math.round(n * 100);
    // A goal of $0.00 would read "Goal reached!" before anyone orders.
    if (positive && cents <= 0) {
      ctx.addIssue({ code: 'custom', message: GOAL_ABOVE_ZERO });
      return z.NEVER;
    }
    return cents;
  });

const wallTime = (message: string) =>
  z.string({ error: message }).min(1, message).refine(isValidWallTime, 'Use the HH:MM format');

/**
 * The event's day: YYYY-MM-DD, or an ISO timestamp read in the event's own zone once the zone is known
 * (`eventCalendarDate`, docs/decisions/111-event-date-in-its-zone.md).
 */
const calendarDate = z
  .string({ error: 'Invalid date format' })
  .refine((v) => eventCalendarDate(v, 'UTC') !== null, 'Invalid date format')
  .meta({
    description:
      'The local day of the event in its `timeZone`: `YYYY-MM-DD` (stored as it is), or an ISO 8601 timestamp, ' +
      'read as the calendar date it falls on in `timeZone` (`2026-12-19T15:00:00.000Z` with `Asia/Tokyo` is ' +
      '2026-12-20); a timestamp without an offset is a wall clock in `timeZone`. Answers always carry `YYYY-MM-DD`.',
    example: '2026-12-20',
  });

const causeSchema = optionalText(MAX_CAUSE_LENGTH, CAUSE_TOO_LONG);

const hasWallTimes = (value: unknown) => {
  const v = value as { startTime?: unknown; endTime?: unknown } | undefined;
  return (
    typeof v?.startTime === 'string' &&
    typeof v.endTime === 'string' &&
    isValidWallTime(v.startTime) &&
    isValidWallTime(v.endTime)
  );
};

const titleSchema = z.string().trim().min(1, 'Title is required').max(150);
const locationSchema = z.string().trim().min(1, 'Location is required').max(300);
const expectedDinersSchema = z
  .number()
  .int('Must be a whole number')
  .min(1, 'Must have at least 1 diner')
  .max(100_000);

/** An event request. The server sets status, organizer and expiry itself. */
export const createEventSchema = z
  .object({
    title: titleSchema,
    date: calendarDate,
    startTime: wallTime('Start time is required'),
    endTime: wallTime('End time is required'),
    timeZone: z.string().default('UTC').refine(isValidTimeZone, 'Unknown time zone'),
    location: locationSchema,
    expectedDiners: expectedDinersSchema,
    minimumSales: money('Minimum sales is required', { positive: true }),
    foodTruckId: z
      .number({ error: 'Food truck selection is required' })
      .int()
      .min(1, 'Food truck selection is required')
      .max(MAX_ID, INVALID_ID),
    priceMarkupPercentage: z.number().min(0).max(100).multipleOf(0.01).default(0),
    selectedMenuItems: z.array(idSchema).max(200).optional(),
    /** "Why we're raising": the organizer's cause in their own words. */
    cause: causeSchema,
    /** A cover picture for the event page, as a data URL; none by default. */
    coverImage: imageFieldSchema.nullish().transform((v) => v || null),
  })
  // Checked once both times are readable, so a missing time is told as missing, not as out of order.
  .refine((v) => endsAfterStart(v.startTime, v.endTime), {
    message: END_BEFORE_START,
    path: ['endTime'],
    when: (payload) => hasWallTimes(payload.value),
  })
  // The zone is a sibling field, so the day a timestamp falls on is settled once both are valid.
  .transform((event) => ({ ...event, date: eventCalendarDate(event.date, event.timeZone)! }));
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEvent = z.output<typeof createEventSchema>;

const responseSchema = optionalText(1000);

/** What a truck types when it answers: the goal it sets (above zero) and an optional note. */
export const approvalFieldsSchema = z.object({
  minimumSales: money('Please set a minimum sales goal', { positive: true }),
  response: responseSchema,
});

/** A truck's answer: an approval sets a goal above zero; a refusal's goal is ignored. */
export const approvalSchema = z
  .object({
    status: z.enum(['approved', 'rejected']),
    minimumSales: money('Please set a minimum sales goal'),
    response: responseSchema,
  })
  .refine((v) => v.status !== 'approved' || v.minimumSales > 0, {
    message: GOAL_ABOVE_ZERO,
    path: ['minimumSales'],
    when: (payload) => {
      const v = payload.value as { minimumSales?: unknown } | undefined;
      return typeof v?.minimumSales === 'number';
    },
  });

export const DEFAULT_APPROVAL_GOAL = '1000.00';

/** PUT /api/events/{id}/cover-image: a new cover (data URL), the current one's URL, or null to remove it. */
export const coverImageSchema = z.object({ coverImage: imageFieldSchema.nullable() });

/** POST /api/events/{id}/cancel: the organizer or the truck calls the event off, optionally saying why. */
export const cancelEventSchema = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional(),
});
/**
 * An organizer may ask for more than the truck's minimum sales, never less: below it, the first few
 * orders would trigger charges for an event the truck would not come to (docs/decisions/032-event-goal-and-menu.md).
 */
export function goalBelowMinimumMessage(truckName: string, minimumCents: number, currency = 'USD'): string {
  return `The sales goal must be at least ${formatCents(minimumCents, currency)}, ${truckName}'s minimum sales`;
}

/**
 * PATCH /api/events/{id}: the organizer's own words and numbers, editable at any time until the event is
 * over. Title, cause and expected diners are sent together, with the rules of creation (the cover keeps
 * its own route, PUT /api/events/{id}/cover-image, as pictures are throttled and stored apart).
 */
export const editEventSchema = z.object({
  title: titleSchema,
  cause: causeSchema,
  expectedDiners: expectedDinersSchema,
});
export type EditEventInput = z.input<typeof editEventSchema>;
export type EditEvent = z.output<typeof editEventSchema>;

/**
 * POST /api/events/{id}/change-requests: a new date, times or place, which the truck must accept. The
 * rules are those of creation; the zone stays the event's, so the day is read in it.
 */
export const changeRequestSchema = z
  .object({
    date: z
      .string({ error: 'Invalid date format' })
      .refine((v) => eventCalendarDate(v, 'UTC') !== null, 'Invalid date format'),
    startTime: wallTime('Start time is required'),
    endTime: wallTime('End time is required'),
    location: locationSchema,
  })
  .refine((v) => endsAfterStart(v.startTime, v.endTime), {
    message: END_BEFORE_START,
    path: ['endTime'],
    when: (payload) => hasWallTimes(payload.value),
  });
export type ChangeRequestInput = z.input<typeof changeRequestSchema>;

/** POST /api/events/{id}/change-requests/{changeId}/answer: the truck accepts or declines, with an optional note. */
export const changeAnswerSchema = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'Please accept or decline the change' }),
  response: responseSchema,
});
export type ChangeAnswerInput = z.input<typeof changeAnswerSchema>;

export const START_IN_PAST = 'The new start must be in the future';
export const NOTHING_TO_CHANGE = 'The date, times and place are the same as now';
