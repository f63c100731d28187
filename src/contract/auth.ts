import { z } from '../core/schemas/zod-messages';
import { USER_ROLES } from '../core/schemas/auth';
import { LANGUAGES } from '../core/language';
import { MAIL_TOPICS } from '../core/mail-topics';
import { currencySchema, moneySchema } from './common';
import { salesTaxSchema } from '../core/schemas/sales-tax';

export {
  changeEmailSchema,
  changePasswordSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerRequestSchema,
  verifyEmailSchema,
} from '../core/schemas/auth';

/** The signed-in user as their own browser sees them: never the password hash. */
export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(USER_ROLES),
    businessName: z.string().nullable(),
    description: z.string().nullable(),
    minimumSales: moneySchema.nullable(),
    /** What a truck sells in (decision 230); USD for an organizer or an admin, who sell nothing. */
    currency: currencySchema,
    cuisine: z.string().nullable(),
    /** The picture's URL (`/api/images/<sha256>`, see contract/images.ts), or null. */
    profileImage: z.string().nullable(),
    location: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** Whether the user confirmed `contactEmail` through a mailed link (docs/decisions/120). */
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    /** The kinds of mail the user receives (decision 155); the others were turned off. */
    mailTopics: z.array(z.enum(MAIL_TOPICS)),
    /** A truck's sales tax (decision 189); 0 for everyone else. */
    salesTax: salesTaxSchema,
    /** The language the person chose (decision 228), or null while their browser's languages decide. */
    language: z.enum(LANGUAGES).nullable(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userSchema>;

/** The body of `PUT /api/account/language`: one of the languages the product speaks. */
export const languageChoiceSchema = z.object({ language: z.enum(LANGUAGES) });
