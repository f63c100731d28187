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

export const PASSWORD_MIN_LENGTH = 6;

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
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
    .max(1024, 'Password must be at most 1024 characters'),
  role: z.enum(REGISTRABLE_ROLES, 'Please select your role'),
  /** Optional: where we tell organizers of answers and trucks of requests (docs/decisions/010). */
  email: z
    .union([z.literal(''), z.email('Invalid email address').max(254)])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;
