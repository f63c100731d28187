import { z } from '../core/schemas/zod-messages';
import { idParams } from '../core/schemas/ids';
import { instantSchema } from './common';

export {
  createPromoCodeSchema,
  sponsorSchema,
  sponsorMinimumSchema,
  updatePromoCodeSchema,
  updateSponsorSchema,
} from '../core/schemas/codes-and-gifts';

/** An organizer's promo code as the organizer sees it (decision 222). */
export const promoCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    percentOff: z.number().int().nullable(),
    /** In cents. */
    amountOffCents: z.number().int().nullable(),
    maxUses: z.number().int().nullable(),
    /** Orders holding a use now: checkouts under way, held or saved cards, charges. */
    uses: z.number().int(),
    /** Of those, the charged ones. */
    chargedUses: z.number().int(),
    /** What the charged orders took off, in cents. */
    discountCents: z.number().int(),
    expiresAt: instantSchema.nullable(),
    active: z.boolean(),
    createdAt: instantSchema,
  })
  .meta({ id: 'PromoCode' });
export type PromoCodeDto = z.infer<typeof promoCodeSchema>;

export const promoCodeListSchema = z
  .object({ codes: z.array(promoCodeSchema) })
  .meta({ id: 'PromoCodeList' });

export const promoCodeParams = idParams('id', 'codeId');
export const sponsorParams = idParams('id', 'sponsorId');

/** A sponsor shown on an event's page (decision 223). */
export const publicSponsorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicSponsor' });

/** `GET /api/events/{id}/sponsors`: who backs the event, and the least gift that names a sponsor. */
export const eventSponsorsSchema = z
  .object({
    sponsors: z.array(publicSponsorSchema),
    /** Cents; null: gifts carry no sponsor at this event. */
    sponsorMinCents: z.number().int().nullable(),
    /** Gifts held or charged, in cents (not toward the truck's goal). */
    giftsCents: z.number().int(),
  })
  .meta({ id: 'EventSponsors' });
export type EventSponsorsDto = z.infer<typeof eventSponsorsSchema>;

/** The organizer's view: every sponsor, hidden ones and ones whose gift is not charged yet too. */
export const organizerSponsorSchema = publicSponsorSchema
  .extend({
    hidden: z.boolean(),
    /** outside: added by the organizer, no money; gift: came with a gift. */
    kind: z.enum(['outside', 'gift']),
    /** A gift's amount in cents; null for an outside sponsor. */
    giftCents: z.number().int().nullable(),
    /** Shown on the page: not hidden, and outside or its gift charged. */
    shown: z.boolean(),
  })
  .meta({ id: 'OrganizerSponsor' });

export const organizerSponsorsSchema = z
  .object({ sponsors: z.array(organizerSponsorSchema), sponsorMinCents: z.number().int().nullable() })
  .meta({ id: 'OrganizerSponsors' });
export type OrganizerSponsorsDto = z.infer<typeof organizerSponsorsSchema>;
