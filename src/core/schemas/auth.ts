import { z } from './zod-messages';

export const USER_ROLES = ['organizer', 'foodtruck', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Self-registration offers only these two. */
export const REGISTRABLE_ROLES = ['organizer', 'foodtruck'] as const;

export const ROLE_LABELS: Record<UserRole, string> = {
  organizer: 'Event Organizer',
  foodtruck: 'Food Truck Owner',
  admin: 'Administrator',
};

/**
 * The password rules every form and route share (docs/decisions/120-accounts-people-can-recover.md).
 * Length and obvious patterns are checked here, on both sides; the list of common and breached
 * passwords is too big for the browser, so only the server checks it, with the same words.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_COMMON =
  'This password is too common or has appeared in a data breach. Please choose another.';
export const PASSWORD_IS_USERNAME = 'Your password must not be your username';

/**
 * One character repeated, or a run of neighbouring characters (`aaaaaaaaaa`, `0123456789`,
 * `zyxwvutsrq`): guessed first whatever their length.
 */
export function isObviousPassword(password: string): boolean {
  const codes = [...password].map((c) => c.codePointAt(0)!);
  if (codes.length < 2) return true;
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) > 1) return false;
  return codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** A new password (registration, change, reset): long enough and not an obvious pattern. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => password.length < PASSWORD_MIN_LENGTH || !isObviousPassword(password), {
    message: PASSWORD_TOO_COMMON,
  });

/**
 * The one form of a username that login, registration and throttling compare: NFKC (so full-width
 * and ligature look-alikes are one name), then case-folded (upper then lower, so `ß` and `SS`, `ς` and
 * `Σ` fold together), then NFKC again. Locale-independent: `İ` folds to `i̇`, not to a plain `i`.
 */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

const username = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[\p{L}\p{N}_.@-]+$/u, 'Username may use letters, digits and _ . @ - only');

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerRequestSchema = z.object({
  username,
  password: newPasswordSchema,
  role: z.enum(REGISTRABLE_ROLES, 'Please select your role'),
  /** Optional: where we tell organizers of answers and trucks of requests (docs/decisions/010). */
  email: z
    .union([z.literal(''), z.email('Invalid email address').max(254)])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** A form that asks for the new password twice: `confirmPassword` must repeat its `field`. */
function confirmingPassword<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) {
  const typedTwice = (form: Record<string, unknown>) => form[field] === form.confirmPassword;
  return schema
    .extend({ confirmPassword: z.string() })
    .refine((form) => typedTwice(form as Record<string, unknown>), {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    });
}

export const registerFormSchema = confirmingPassword(registerRequestSchema, 'password');

/** The account's password, asked again before a change that could hand the account to someone else. */
export const currentPasswordSchema = z
  .string()
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH, 'Incorrect current password');
const currentPassword = currentPasswordSchema;

/** POST /api/account/password: the signed-in user's current password and their new one. */
export const changePasswordSchema = z.object({ currentPassword, newPassword: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = confirmingPassword(changePasswordSchema, 'newPassword');

/** POST /api/account/email: a new address for the account, confirmed by its password. */
export const changeEmailSchema = z.object({
  email: z.email('Invalid email address').max(254),
  currentPassword,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;

/** POST /api/password-reset/request: a username or an e-mail address. */
export const passwordResetRequestSchema = z.object({
  login: z.string().trim().min(1, 'Enter your username or e-mail address').max(254),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** A single-use token from a mailed link (43 base64url characters; anything else is not ours). */
export const accountTokenSchema = z
  .string()
  .min(1, 'This link is incomplete')
  .max(200, 'This link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid');

/** POST /api/password-reset: the mailed token and the new password. */
export const passwordResetSchema = z.object({ token: accountTokenSchema, password: newPasswordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordResetFormSchema = confirmingPassword(
  z.object({ password: newPasswordSchema }),
  'password',
);

/** POST /api/account/verify-email: the mailed token. */
export const verifyEmailSchema = z.object({ token: accountTokenSchema });
