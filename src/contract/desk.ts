import { z } from '../core/schemas/zod-messages';
import { currencySchema, instantSchema, moneySchema } from './common';
import { eventSchema } from './events';

/** One event on the organizer's dashboard: its progress and what it raised so far. */
export const deskEventSchema = z
  .object({
    event: eventSchema,
    foodSales: moneySchema,
    /** The organizer's markup over orders held or charged: what it raised for its cause. */
    markupRaised: moneySchema,
    orderCount: z.number().int(),
    /** Orders whose card was refused and whose diner may still pay again. */
    failedPayments: z.number().int(),
  })
  .meta({ id: 'DeskEvent' });

export const ATTENTION_KINDS = [
  'awaiting-truck',
  'truck-declined',
  'request-expired',
  'change-pending',
  'change-declined',
  'failed-payments',
] as const;

/** Something the organizer should look at, with the page where they act on it. */
export const attentionItemSchema = z
  .object({
    kind: z.enum(ATTENTION_KINDS),
    eventId: z.number().int(),
    title: z.string(),
    text: z.string(),
    /** The app's path where it is dealt with. */
    href: z.string(),
    /** When it happened or runs out, if it does. */
    at: instantSchema.nullable(),
  })
  .meta({ id: 'AttentionItem' });

/** GET /api/organizer/desk: the organizer's dashboard (decision 154). */
export const organizerDeskSchema = z
  .object({
    totals: z.object({
      /**
       * Markup raised and food sold over every event of the organizer that is not called off or failed,
       * one entry per currency its events sell in (never added across currencies, decision 230), in
       * the order of the codes; none before any sale.
       */
      money: z.array(
        z.object({ currency: currencySchema, markupRaised: moneySchema, foodSales: moneySchema }),
      ),
      orderCount: z.number().int(),
      upcomingCount: z.number().int(),
    }),
    /** Events still ahead, soonest first (at most 12; My Events lists them all). */
    upcoming: z.array(deskEventSchema),
    attention: z.array(attentionItemSchema),
  })
  .meta({ id: 'OrganizerDesk' });
export type OrganizerDeskDto = z.infer<typeof organizerDeskSchema>;
export type AttentionItemDto = z.infer<typeof attentionItemSchema>;
