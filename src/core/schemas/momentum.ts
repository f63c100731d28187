import { z } from 'zod';
import { INVALID_EMAIL, UPDATE_MAX_LENGTH } from '../form-rules';

export { UPDATE_MAX_LENGTH };

export const eventUpdateSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write something to post')
    .max(UPDATE_MAX_LENGTH, `Updates are at most ${UPDATE_MAX_LENGTH} characters`),
});
export type EventUpdateInput = z.infer<typeof eventUpdateSchema>;

export const reminderRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(INVALID_EMAIL).max(254)),
});
export type ReminderRequestInput = z.infer<typeof reminderRequestSchema>;
