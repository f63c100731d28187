import { z } from '../core/schemas/zod-messages';

export { reminderRequestSchema } from '../core/schemas/momentum';

export const reminderConfirmQuery = z.object({ token: z.string().min(1).max(200) });
