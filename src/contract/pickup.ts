import { z } from '../core/schemas/zod-messages';
import { MAX_PICKUP_SLOTS, MAX_SLOT_CAPACITY } from '../core/pickup-slots';
import { instantSchema } from './common';

/** PUT /api/events/{id}/pickup-slots (docs/decisions/226-pickup-slots.md). */
export const pickupSlotsInputSchema = z.object({
  minutes: z.union([z.literal(10), z.literal(15), z.literal(20), z.literal(30)], {
    message: 'A pickup slot lasts 10, 15, 20 or 30 minutes',
  }),
  capacity: z
    .number({ message: 'Say how many orders a slot takes' })
    .int('Say how many orders a slot takes, in whole orders')
    .min(1, 'A slot takes at least 1 order')
    .max(MAX_SLOT_CAPACITY, `A slot takes at most ${MAX_SLOT_CAPACITY} orders`),
  /** The starts of the slots the truck closed: no new order takes them. */
  closed: z.array(instantSchema).max(MAX_PICKUP_SLOTS).optional(),
});
export type PickupSlotsInput = z.input<typeof pickupSlotsInputSchema>;

export const pickupSlotSchema = z
  .object({
    /** What a diner sends as `pickupSlot` at checkout. */
    startsAt: instantSchema,
    endsAt: instantSchema,
    capacity: z.number().int(),
    /** Places a new order may still take: 0 when full or closed. */
    remaining: z.number().int(),
    /** Orders holding the slot now (checkouts under way included). */
    orders: z.number().int(),
    closed: z.boolean(),
  })
  .meta({ id: 'PickupSlot' });

export const pickupSlotsSchema = z
  .object({
    /** The slots' length; null when the event has no slots (a diner then picks none). */
    minutes: z.number().int().nullable(),
    /** The event's IANA time zone, in which slots are shown. */
    timeZone: z.string(),
    slots: z.array(pickupSlotSchema),
  })
  .meta({ id: 'PickupSlots' });
export type PickupSlotsDto = z.infer<typeof pickupSlotsSchema>;

/** GET /api/events/{id}/board: what the screen at the truck's window shows. Codes only, never names. */
export const pickupBoardSchema = z
  .object({
    eventTitle: z.string(),
    truckName: z.string(),
    /** Paid orders not yet ready, oldest first. */
    preparing: z.array(z.string()),
    /** Orders ready and not yet collected, latest first. */
    ready: z.array(z.string()),
  })
  .meta({ id: 'PickupBoard' });
export type PickupBoardDto = z.infer<typeof pickupBoardSchema>;
