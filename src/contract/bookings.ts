import { z } from '../core/schemas/zod-messages';
import { FULFILMENT_STATES } from '../core/fulfilment';
import { idParamSchema } from '../core/schemas/ids';
import { eventSchema } from './events';
import { eventOrderSchema } from './orders';

/** A booking as the truck's screens read it: the event, its orders counted and what to cook. */
export const bookingSchema = z
  .object({
    event: eventSchema,
    orderCount: z.number().int(),
    collectedCount: z.number().int(),
    prepList: z.array(
      z.object({ menuItemId: z.number().int(), name: z.string(), quantity: z.number().int() }),
    ),
  })
  .meta({ id: 'Booking' });
export type BookingDto = z.infer<typeof bookingSchema>;

export const bookingEventParams = z.object({ eventId: idParamSchema });

/** The event-day screen: the event's authorized and charged orders, by pickup code. */
export const eventDayOrdersSchema = z.object({ event: eventSchema, orders: z.array(eventOrderSchema) });
export type EventDayOrdersDto = z.infer<typeof eventDayOrdersSchema>;

export const fulfilmentSchema = z.object({
  state: z.enum(FULFILMENT_STATES, { error: 'State must be "ready" or "collected"' }),
});

export const pickupQrQuery = z.object({ code: z.string() });
