import { z } from '../core/schemas/zod-messages';
import { CHANGE_REQUEST_STATUSES, EVENT_STATUSES } from '../core/event-status';
import { isValidCalendarDate } from '../core/time';
import { idParamSchema } from '../core/schemas/ids';
import {
  currencySchema,
  instantSchema,
  moneySchema,
  cursorPageQuery,
  cursorPageSchema,
  cursorSchema,
} from './common';
import { truckSchema } from './trucks';
import { salesTaxSchema } from '../core/schemas/sales-tax';

export {
  approvalSchema,
  cancelEventSchema,
  changeAnswerSchema,
  changeRequestSchema,
  coverImageSchema,
  createEventSchema,
  editEventSchema,
} from '../core/schemas/event';
export type {
  ChangeAnswerInput,
  ChangeRequestInput,
  CreateEventInput,
  EditEventInput,
} from '../core/schemas/event';

/** An event as every answer carries it: money as two-decimal strings, instants as ISO strings. */
export const eventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** The local day, YYYY-MM-DD, in the event's own time zone. */
    date: z.string(),
    /** Local wall-clock times, HH:MM. */
    startTime: z.string(),
    endTime: z.string(),
    /** An IANA time zone, e.g. America/Chicago. */
    timeZone: z.string(),
    startsAt: instantSchema,
    endsAt: instantSchema,
    location: z.string(),
    expectedDiners: z.number().int(),
    organizerId: z.number().int(),
    status: z.enum(EVENT_STATUSES),
    approvalDate: instantSchema.nullable(),
    approvalExpiryDate: instantSchema.nullable(),
    foodTruckResponse: z.string().nullable(),
    currentSales: moneySchema,
    minimumSales: moneySchema,
    /** The truck's currency: every amount of the event, its menu and its orders is in it (decision 230). */
    currency: currencySchema,
    foodTruckId: z.number().int(),
    /** Percent added to menu prices for the organizer, two decimals ("10.00"). */
    priceMarkupPercentage: moneySchema,
    hidden: z.boolean(),
    cancelReason: z.string().nullable(),
    cancelNote: z.string().nullable(),
    /** Who called the event off, if anyone did. */
    cancelledBy: z.enum(['organizer', 'truck', 'admin', 'system']).nullable(),
    /** When the event was called off after its start: collected orders stayed charged (decision 127). */
    cutShortAt: instantSchema.nullable(),
    /** Why an admin took the event down: for its organizer, its truck and admins only, else null. */
    hiddenReason: z.string().nullable(),
    /** The organizer's cover picture (`/api/images/<sha256>`, see contract/images.ts), or null. */
    coverImageUrl: z.string().nullable(),
    /**
     * When the truck last accepted a new date, times or place (null: never). Diners who ordered before
     * it may cancel for a release or a full refund until the start.
     */
    changedAt: instantSchema.nullable(),
    /** The truck's sales-tax rate for this event in basis points; null: the rate on the truck's profile (decision 189). */
    salesTaxBasisPoints: z.number().int().nullable(),
    /** On lists and the event page: the truck's business name (or username). */
    foodTruckName: z.string().nullable().optional(),
    /** On lists and the event page: the truck's cuisine. */
    cuisine: z.string().nullable().optional(),
  })
  .meta({ id: 'Event' });
export type EventDto = z.infer<typeof eventSchema>;

/** `GET /api/events/{id}`: the event with its truck, backers and offered menu. */
export const eventDetailSchema = eventSchema
  .extend({
    foodTruck: truckSchema,
    /** Distinct diners with an authorized or charged order. */
    backerCount: z.number().int(),
    /** The menu items this event offers; null: the truck's whole active menu. */
    menuItemIds: z.array(z.number().int()).nullable(),
    /** "Why we're raising": the organizer's own words, or null. */
    cause: z.string().nullable(),
    /** The organizer as the page names them: their business name, else their username. */
    organizerName: z.string(),
    /** The event's cover picture, or null (the page falls back to the truck's photo). */
    coverImageUrl: z.string().nullable(),
    /** The sales tax an order pays: the event's rate, else the truck's, on what the truck taxes (decision 189). */
    salesTax: salesTaxSchema,
  })
  .meta({ id: 'EventDetail' });
export type EventDetailDto = z.infer<typeof eventDetailSchema>;

export const PUBLIC_EVENTS_PAGE_SIZE = 20;
export const PUBLIC_EVENTS_MAX_PAGE_SIZE = 100;

const listDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-06-30`)
    .refine(isValidCalendarDate, `${name} must be a real calendar date`);

/**
 * `GET /api/events/public`: live events soonest first, a page at a time. `cursor` is the `nextCursor`
 * of the page before; `from` and `to` keep events whose local day is within them (both included);
 * `organizer` and `event` narrow it to one organizer's events or one event.
 */
export const publicEventsQuerySchema = z
  .object({
    ...cursorPageQuery(PUBLIC_EVENTS_PAGE_SIZE, PUBLIC_EVENTS_MAX_PAGE_SIZE),
    from: listDate('from').optional(),
    to: listDate('to').optional(),
    /** Only this organizer's events (an embed on the organizer's own site). */
    organizer: idParamSchema.optional(),
    /** Only this event, while it is public (an embed of one event). */
    event: idParamSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'to must not be before from',
    path: ['to'],
  });

export const publicEventsPageSchema = cursorPageSchema('events', eventSchema)
  .extend({
    /** How many events match the query in all (every page, not only this one): the list's headline. */
    total: z.number().int().nonnegative(),
  })
  .meta({
    id: 'PublicEventsPage',
  });
export type PublicEventsPage = z.infer<typeof publicEventsPageSchema>;

export const eventIdParams = z.object({ id: idParamSchema });
export const changeRequestParams = z.object({ id: idParamSchema, changeId: idParamSchema });

/** A request to move an event: what it asks, what the event said before, and where it stands. */
export const changeRequestDtoSchema = z
  .object({
    id: z.number().int(),
    eventId: z.number().int(),
    status: z.enum(CHANGE_REQUEST_STATUSES),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    location: z.string(),
    startsAt: instantSchema,
    endsAt: instantSchema,
    /** The instants of the date and times the event had before (the client does no zone arithmetic). */
    previousStartsAt: instantSchema,
    previousEndsAt: instantSchema,
    previousDate: z.string(),
    previousStartTime: z.string(),
    previousEndTime: z.string(),
    previousLocation: z.string(),
    /** The event's zone: every time above is a wall clock in it. */
    timeZone: z.string(),
    /** The truck's deadline: the earlier of 24 hours after the request and the event's start. */
    answerBy: instantSchema,
    answeredAt: instantSchema.nullable(),
    /** The truck's note with its answer (organizer and truck only). */
    response: z.string().nullable(),
    createdAt: instantSchema,
    /** For the truck's list: the event's title. */
    eventTitle: z.string(),
  })
  .meta({ id: 'EventChangeRequest' });
export type ChangeRequestDto = z.infer<typeof changeRequestDtoSchema>;

/** `GET /api/events/{id}/change-requests/latest`: the newest change request of the event, if any. */
export const latestChangeSchema = z.object({ change: changeRequestDtoSchema.nullable() });
export const truckIdParams = z.object({ foodTruckId: idParamSchema });
export const organizerIdParams = z.object({ userId: idParamSchema });

export const OWN_EVENTS_PAGE_SIZE = 50;
export const OWN_EVENTS_MAX_PAGE_SIZE = 100;

/**
 * A page of one's own events (`GET /api/events/organizer/{userId}`, `GET /api/events/pending/{foodTruckId}`):
 * `cursor` is the `nextCursor` of the page before (docs/decisions/177-own-lists-paged-by-cursor.md).
 */
export const ownEventsQuerySchema = z.object(cursorPageQuery(OWN_EVENTS_PAGE_SIZE, OWN_EVENTS_MAX_PAGE_SIZE));

export const ownEventsPageSchema = cursorPageSchema('events', eventSchema).meta({ id: 'OwnEventsPage' });

/** The admins' paged list of every event. */
export const adminEventsQuerySchema = z.object({
  /** Where the previous page ended (its `nextCursor`); none: the first page. */
  cursor: cursorSchema,
  /** The page number as the client counts it, echoed back; where the page starts comes from `cursor`. */
  page: z.coerce.number().int().min(1).default(1),
  q: z.string().trim().max(100).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  hidden: z.enum(['true', 'false']).optional(),
});

export const adminEventSchema = eventSchema.extend({ organizerName: z.string() }).meta({ id: 'AdminEvent' });
export type AdminEventDto = z.infer<typeof adminEventSchema>;

/**
 * How far the admins' list counts matches: 40 pages of 25. Past it the list says "Page 1 of more than 40";
 * counting further would cost more the more events there are, on every page
 * (docs/decisions/206-admin-count-capped-at-a-thousand.md).
 */
export const ADMIN_EVENTS_COUNT_CAP = 1_000;

export const adminEventsPageSchema = z.object({
  events: z.array(adminEventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Events matching the search, counted up to ADMIN_EVENTS_COUNT_CAP (then `totalCapped`). */
  total: z.number().int(),
  /** True when there are more than `total` matches: counting them all would cost as much as the table. */
  totalCapped: z.boolean(),
  /** Pass as `cursor` for the next page; null: this is the last. */
  nextCursor: z.string().nullable(),
});
export type AdminEventsPage = z.infer<typeof adminEventsPageSchema>;

export const setHiddenSchema = z
  .object({
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    /** Required to hide: the organizer and the truck are told it. */
    reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional(),
  })
  .refine((body) => !body.hidden || (body.reason?.length ?? 0) >= 3, {
    error: 'Say why the event is taken down: its organizer and truck are told',
    path: ['reason'],
  });

/**
 * `GET /api/events/{id}`: a receipt link's order and signature. Narrows nothing; it lets a diner see
 * their event after an admin took it down (decision 128).
 */
export const eventReceiptQuerySchema = z.object({
  order: z.coerce.number().int().positive().optional(),
  token: z.string().max(200).optional(),
});

/** An admin calls an event off: the reason is required, and every party and diner is told it. */
export const adminCancelEventSchema = z.object({
  reason: z
    .string({ error: 'Say why the event is called off: every party and diner is told' })
    .trim()
    .min(3, 'Say why the event is called off: every party and diner is told')
    .max(500, 'Please keep the reason under 500 characters'),
});
