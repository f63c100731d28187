import { z } from './zod-messages';

import { currentPasswordSchema } from './auth';

import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../images';
import { MAIL_TOPICS } from '../mail-topics';
import { CURRENCIES } from '../currency';

export { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../images';

/**
 * A picture field of a request: a data URL (data:image/jpeg;base64,…) for a new picture, which the
 * server checks and stores (docs/decisions/084-images-by-content-hash.md), or the URL the answer
 * carried to keep the one there.
 */
export const imageFieldSchema = z.string().max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100, IMAGE_TOO_LARGE);

/** Optional free text of at most `max` characters, trimmed: blank or missing is null. */
export const optionalText = (max: number, tooLong?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** The Food Truck Profile form and PATCH /api/users/{id}. */
export const profileSchema = z.object({
  businessName: z.string().trim().min(1, 'Business name is required').max(120),
  description: optionalText(2000),
  minimumSales: z
    .number()
    .min(0, 'Minimum sales cannot be negative')
    .max(99_999_999.99)
    .multipleOf(0.01, 'Use at most 2 decimals')
    .nullish()
    .transform((v) => (v === undefined ? null : v)),
  cuisine: optionalText(80),
  location: optionalText(200),
  contactEmail: z
    .union([z.literal(''), z.email('Invalid email address').max(254)])
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalText(40),
  /** A new picture as a data URL, the current picture's URL to keep it, or null for none. */
  profileImage: imageFieldSchema.nullish().transform((v) => (v ? v : null)),
});

/** The form's text inputs: empty minimum sales becomes null, otherwise a decimal number. */
export function parseMinimumSalesInput(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return Number(trimmed);
}

/** Which mail to receive: the topics kept on (src/core/mail-topics.ts); the others are turned off. */
export const mailTopicsSchema = z
  .array(z.enum(MAIL_TOPICS, 'Unknown kind of mail'))
  .max(MAIL_TOPICS.length)
  .transform((topics) => [...new Set(topics)]);

/**
 * The organizer's profile form: the address their mail goes to and which mail they want. An empty
 * address removes it; a field left out is kept.
 */
export const organizerProfileSchema = z.object({
  contactEmail: z
    .union([z.literal(''), z.email('Invalid email address').max(254)])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  mailTopics: mailTopicsSchema.optional(),
});

/** Asked under the password field when the address moves without it (decision 211). */
export const PASSWORD_FOR_NEW_EMAIL =
  'Enter your current password to change your e-mail address: password reset links go there';

/**
 * Whether `typed` moves the address recovery mail goes to from `saved`: added, changed or removed (a
 * change of case or of spaces around it is not a move). `undefined` is a form that left it alone.
 * Such a move needs the current password (decision 211); the forms show the field only then.
 */
export function movesContactEmail(saved: string | null, typed: string | null | undefined): boolean {
  if (typed === undefined) return false;
  const key = (address: string | null) => (address ? address.trim().toLowerCase() : '');
  return key(saved) !== key(typed);
}

/**
 * PATCH /api/users/{id}: a truck sends its whole profile (the business name is required of trucks
 * only, checked once the caller is known); an organizer sends only what its form has. Fields a role
 * does not have are ignored. `contactEmail` left out keeps the address. A new address (added,
 * changed or removed) needs `currentPassword`: it is where password reset links go (decision 211).
 */
export const profilePatchSchema = profileSchema.extend({
  businessName: z.string().trim().min(1, 'Business name is required').max(120).optional(),
  contactEmail: organizerProfileSchema.shape.contactEmail,
  mailTopics: mailTopicsSchema.optional(),
  currentPassword: currentPasswordSchema.optional(),
  /** A truck's currency (ISO 4217), set once: fixed once the truck has an event (decision 230). */
  currency: z.enum(CURRENCIES, 'Choose one of the currencies offered').optional(),
});
export type ProfilePatch = z.output<typeof profilePatchSchema>;
