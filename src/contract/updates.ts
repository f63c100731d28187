import { z } from '../core/schemas/zod-messages';
import { instantSchema } from './common';

export { eventUpdateSchema } from '../core/schemas/momentum';

/** A note from the organizer or truck to the event's diners. */
export const eventUpdateDtoSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    createdAt: instantSchema,
    authorName: z.string(),
    authorRole: z.enum(['truck', 'organizer']),
  })
  .meta({ id: 'EventUpdate' });
export type EventUpdateDto = z.infer<typeof eventUpdateDtoSchema>;

/** A posted update, with how many diners it was mailed to. */
export const postedUpdateSchema = eventUpdateDtoSchema.extend({ recipients: z.number().int() });

export const unsubscribeTokenQuery = z.object({ token: z.string().min(1, 'The link has no token').max(600) });

export const unsubscribeSchema = z.object({
  eventId: z.number().int(),
  eventTitle: z.string(),
  email: z.string(),
  unsubscribed: z.boolean(),
});
