import { instantSchema, cursorPageQuery, cursorPageSchema, moneySchema } from './common';
import { z } from '../core/schemas/zod-messages';
import { FULFILMENT_STATES } from '../core/fulfilment';
import { idParamSchema } from '../core/schemas/ids';
import { eventSchema } from './events';
import { correctionSchema, eventOrderSchema, orderSchema } from './orders';

/** A booking as the truck's screens read it: the event, its orders counted and what to cook. */
export const bookingSchema = z
  .object({
    event: eventSchema,
    orderCount: z.number().int(),
    collectedCount: z.number().int(),
    /** Still ahead: not ended, not called off, not failed. The list gives these first (decision 157). */
    upcoming: z.boolean(),
    prepList: z.array(
      z.object({ menuItemId: z.number().int(), name: z.string(), quantity: z.number().int() }),
    ),
    /** The diners' notes to the truck ("no onions") on the orders counted, oldest first. */
    prepNotes: z.array(
      z.object({
        orderId: z.number().int(),
        pickupCode: z.string().nullable(),
        customerName: z.string(),
        note: z.string(),
      }),
    ),
  })
  .meta({ id: 'Booking' });
export type BookingDto = z.infer<typeof bookingSchema>;

export const BOOKINGS_PAGE_SIZE = 30;
export const BOOKINGS_MAX_PAGE_SIZE = 100;

/** `GET /api/bookings`: a page of the truck's bookings; `cursor` is the `nextCursor` of the page before. */
export const bookingsQuerySchema = z.object(cursorPageQuery(BOOKINGS_PAGE_SIZE, BOOKINGS_MAX_PAGE_SIZE));

/** Upcoming bookings first by start, then past and called-off ones, latest first. */
export const bookingsPageSchema = cursorPageSchema('bookings', bookingSchema).meta({ id: 'BookingsPage' });

export const bookingEventParams = z.object({ eventId: idParamSchema });

/** At most this many orders come with the event-day screen; beyond it the truck searches. */
export const EVENT_DAY_MAX_ORDERS = 500;

/** `GET /api/bookings/{eventId}/orders?q=`: only the orders whose pickup code or name holds `q`. */
export const eventDayOrdersQuery = z.object({
  q: z.string().trim().max(100, 'Please search with at most 100 characters').optional(),
});

/**
 * The event-day screen: the event's authorized and charged orders by pickup code, at most
 * EVENT_DAY_MAX_ORDERS of them (`truncated` says there are more: search for the rest).
 */
export const eventDayOrdersSchema = z.object({
  event: eventSchema,
  orders: z.array(eventOrderSchema),
  /** Every order of the event day (not only those shown or matching the search), and how many were collected. */
  orderCount: z.number().int(),
  collectedCount: z.number().int(),
  /** More orders match than are shown: the first EVENT_DAY_MAX_ORDERS by pickup code came. */
  truncated: z.boolean(),
  /** From when orders are marked ready or collected: 2 hours before the start. */
  handoverOpensAt: instantSchema,
  /** Whether Ready and Collected are taken now, by the server's clock (not called off, not ended). */
  handoverOpen: z.boolean(),
  /** The length of the event's pickup slots (decision 226), or null when it has none. */
  pickupSlotMinutes: z.number().int().nullable().optional(),
  /**
   * The money of every order of the event day (as `orderCount`): the food, sales tax and tips of the
   * orders not refunded in full, what diners paid in all less refunds, and what the truck refunded.
   */
  totals: z.object({
    food: moneySchema,
    salesTax: moneySchema,
    tip: moneySchema,
    total: moneySchema,
    refunded: moneySchema,
  }),
});
export type EventDayOrdersDto = z.infer<typeof eventDayOrdersSchema>;

export const fulfilmentSchema = z.object({
  state: z.enum(FULFILMENT_STATES, { error: 'State must be "ready" or "collected"' }),
});

export const pickupQrQuery = z.object({ code: z.string() });

/** The truck refunds a charged order, whole or in part: integer cents and its reason. */
export const correctionBody = z.object({
  amountCents: z
    .number({ error: 'The amount must be a number of cents' })
    .int({ error: 'The amount must be a whole number of cents' })
    .min(1, { error: 'The amount must be at least $0.01' })
    .max(99_999_999_99, { error: 'The amount is too large' }),
  reason: z.string({ error: 'Please give a reason' }).max(500, { error: 'At most 500 characters' }),
});
export const correctionResultSchema = z.object({ order: orderSchema, correction: correctionSchema });
