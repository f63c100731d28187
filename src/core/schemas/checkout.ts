import { ORDER_NOTE_MAX, ORDER_NOTE_TOO_LONG } from '../dietary';
import { idSchema } from './ids';
import { TIP_PERCENTS } from '../tips-and-tax';
import { sponsorSchema } from './codes-and-gifts';
import { z } from './zod-messages';

import {
  EMPTY_CART,
  INVALID_EMAIL,
  MAX_ORDER_CENTS,
  MISSING_INFORMATION,
  ORDER_TOO_LARGE,
} from '../form-rules';

export { EMPTY_CART, INVALID_EMAIL, MAX_ORDER_CENTS, MISSING_INFORMATION, ORDER_TOO_LARGE };

/** POST /api/events/{id}/create-payment-intent. Prices are checked, never trusted. */
export const createPaymentIntentSchema = z
  .object({
    items: z
      .array(
        z.object({
          menuItemId: idSchema,
          quantity: z
            .number()
            .int()
            .min(1, 'Quantity must be at least 1')
            .max(100, 'At most 100 of one item'),
          unitPrice: z.number().min(0).max(MAX_ORDER_CENTS).optional(),
          name: z.string().max(200).optional(),
        }),
      )
      .max(50, 'At most 50 different items in one order'),
    customerName: z.string().trim().min(1, MISSING_INFORMATION).max(120),
    customerEmail: z.string().trim().min(1, MISSING_INFORMATION).pipe(z.email(INVALID_EMAIL).max(254)),
    /**
     * What the client computed, in cents, before any promo code: must equal the server's total (lines,
     * tax, tip, gift and its fee). The answer's `amount` is what the card pays, the code's discount off.
     */
    amount: z.number().int().min(0).max(MAX_ORDER_CENTS, ORDER_TOO_LARGE),
    /** A tip of 10, 15 or 20% of the food at menu prices (decision 188); or `tipCents`; neither: no tip. */
    tipPercent: z
      .union([z.literal(TIP_PERCENTS[0]), z.literal(TIP_PERCENTS[1]), z.literal(TIP_PERCENTS[2])], {
        message: 'A tip percentage is 10, 15 or 20',
      })
      .optional(),
    /**
     * A tip of an amount, in the event currency's minor units: none to its largest tip ($500.00,
     * ¥75,000; src/core/currency-limits.ts), which the server checks once it knows the currency.
     */
    tipCents: z
      .number({ message: 'A tip must be an amount in cents' })
      .int('A tip must be whole cents')
      .min(0, 'A tip cannot be negative')
      .optional(),
    markupPercentage: z.number().min(0).max(100).optional(),
    platformFeePercentage: z.number().min(0).max(100).optional(),
    eventId: idSchema.optional(),
    /** The diner's words to the truck ("no onions"), trimmed; empty is none. */
    note: z
      .string()
      .trim()
      .max(ORDER_NOTE_MAX, ORDER_NOTE_TOO_LONG)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The chosen pickup slot's start (decision 226): required once the event has slots. */
    pickupSlot: z.iso.datetime({ message: 'Please choose a pickup time' }).optional(),
    /** A mobile number for the one "ready" text (decision 227), with `textConsent: true`. */
    textTo: z.string().trim().max(32, 'Please enter a mobile number').optional(),
    textConsent: z.boolean().optional(),
    /** An organizer's promo code (decision 222), in any case. */
    promoCode: z.string().trim().max(32, 'A promo code is at most 32 characters').optional(),
    /**
     * A gift to the event's cause, in minor units (decision 223): with food, or alone with no items.
     * Its currency's most, and least alone, are checked by the server (src/core/currency-limits.ts).
     */
    donationCents: z
      .number({ message: 'A gift must be an amount in cents' })
      .int('A gift must be whole cents')
      .min(0, 'A gift cannot be negative')
      .optional(),
    /** A sponsor named with the gift, once it is charged (the event's minimum gift applies). */
    sponsor: sponsorSchema.optional(),
  })
  .refine((input) => input.items.length > 0 || (input.donationCents ?? 0) > 0, {
    message: EMPTY_CART,
    path: ['items'],
  })
  .refine((input) => input.tipPercent === undefined || input.tipCents === undefined, {
    message: 'Choose a tip percentage or a tip amount, not both',
    path: ['tipCents'],
  });
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>;

export const inviteSchema = z.object({
  emails: z
    .array(z.string().trim().pipe(z.email('Please enter valid email addresses')))
    .min(1, 'Please enter at least one email address')
    .max(50, 'At most 50 addresses at a time'),
  customMessage: z.string().trim().max(1000).optional().default(''),
});

/** The invite form's comma-separated field → addresses, or the product's message. */
export function parseEmailList(text: string): { emails: string[] } | { error: string } {
  const emails = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (emails.length === 0) return { error: 'Please enter at least one email address' };
  const valid = z.email();
  if (emails.some((e) => !valid.safeParse(e).success)) return { error: 'Please enter valid email addresses' };
  return { emails };
}
