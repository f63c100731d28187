import { PROMO_CODE_PATTERN } from '../codes-and-gifts';
import { imageFieldSchema } from './profile';
import { z } from './zod-messages';

/** A sponsor's link: an http(s) address, at most 300 characters; blank is none. */
const sponsorUrlSchema = z
  .string()
  .trim()
  .max(300, 'A link is at most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'A link starts with https:// or http://',
  })
  .nullish()
  .transform((v) => (v ? v : null));

/** A sponsor's name, link and logo (a data URL; decision 223). */
export const sponsorSchema = z.object({
  name: z.string().trim().min(1, "A sponsor's name is required").max(80, 'A name is at most 80 characters'),
  url: sponsorUrlSchema,
  logo: imageFieldSchema.nullish().transform((v) => (v ? v : null)),
});

/** POST /api/events/{id}/promo-codes (decision 222). */
export const createPromoCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(PROMO_CODE_PATTERN, 'A code is 3 to 32 letters, digits, - or _')),
    percentOff: z
      .number()
      .int('A percentage is a whole number')
      .min(1, 'A percentage is 1 to 100')
      .max(100, 'A percentage is 1 to 100')
      .optional(),
    /** In the event currency's minor units: its least (one) and most (a gift's most) checked by the server. */
    amountOffCents: z.number().int('An amount is whole cents').optional(),
    maxUses: z.number().int().min(1, 'A code is used at least once').max(100_000).nullish(),
    expiresAt: z.iso.datetime({ message: 'An expiry is an instant (ISO 8601)' }).nullish(),
  })
  .refine((v) => (v.percentOff === undefined) !== (v.amountOffCents === undefined), {
    message: 'Give a percentage off or an amount off, one of the two',
    path: ['percentOff'],
  });
export type CreatePromoCodeInput = z.input<typeof createPromoCodeSchema>;

/** PATCH /api/events/{id}/promo-codes/{codeId}: switch a code off (or on again). */
export const updatePromoCodeSchema = z.object({ active: z.boolean() });

/** PATCH /api/events/{id}/sponsors/{sponsorId}: hide a sponsor or show it again. */
export const updateSponsorSchema = z.object({ hidden: z.boolean() });

/**
 * PUT /api/events/{id}/sponsor-minimum: the least gift that may name a sponsor; null: none may. In the
 * event currency's minor units, from its least gift alone to its most gift (checked by the server).
 */
export const sponsorMinimumSchema = z.object({
  sponsorMinCents: z.number().int().nullable(),
});
