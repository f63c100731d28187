import { z } from '../core/schemas/zod-messages';

export { reminderRequestSchema } from '../core/schemas/momentum';

export const reminderConfirmQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * POST /api/reminders/confirm: the token of the confirmation mail's link.
 * @alias
 */
export const reminderConfirmBody = reminderConfirmQuery;

export const reminderConfirmedSchema = z.object({ eventId: z.number().int() });
