import { z } from '../core/schemas/zod-messages';
import { GUARANTEE_STATUSES } from '../core/host-guarantee';
import { currencySchema, instantSchema, moneySchema } from './common';

/**
 * The host's guarantee of an event (docs/decisions/224-the-host-guarantees-the-minimum.md), as its
 * organizer and its truck read it: `none` when the organizer offered none.
 */
export const guaranteeSchema = z.object({
  status: z.enum([...GUARANTEE_STATUSES, 'none']),
  /** The event's currency: `cap` and `charged` are in it (decision 230). */
  currency: currencySchema,
  /** The organizer's commitment: the goal they guarantee, at most. */
  cap: moneySchema.nullable(),
  /** What the organizer's card was charged at the start (the shortfall), when it was. */
  charged: moneySchema.nullable(),
  chargedAt: instantSchema.nullable(),
  /** The card's message when the charge was refused. */
  failureMessage: z.string().nullable(),
  /** What the truck and the organizer read, e.g. "Guaranteed: … up to $500.00.", in the event's currency. */
  summary: z.string().nullable(),
});
export type GuaranteeDto = z.infer<typeof guaranteeSchema>;

/** The card step of a guarantee: confirm this SetupIntent with the card form, then sync. */
export const guaranteeSetupSchema = z.object({
  clientSecret: z.string(),
  guarantee: guaranteeSchema,
});
