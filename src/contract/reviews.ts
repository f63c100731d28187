import { z } from '../core/schemas/zod-messages';
import { instantSchema } from './common';

export { reviewInputSchema, reviewRemovalSchema, reviewReplySchema } from '../core/reviews';

export const ratingSummarySchema = z
  .object({ average: z.number(), count: z.number().int() })
  .nullable()
  .meta({ id: 'RatingSummary', description: 'Average stars (one decimal) and count; null without reviews' });

export const reviewSchema = z
  .object({
    id: z.number().int(),
    truckId: z.number().int(),
    eventId: z.number().int(),
    eventTitle: z.string(),
    author: z.enum(['organizer', 'diner']),
    authorName: z.string(),
    rating: z.number().int().min(1).max(5),
    body: z.string().nullable(),
    reply: z.string().nullable(),
    repliedAt: instantSchema.nullable(),
    createdAt: instantSchema,
  })
  .meta({ id: 'Review' });
export type ReviewDto = z.infer<typeof reviewSchema>;

export const reviewsPageSchema = z
  .object({ reviews: z.array(reviewSchema), nextCursor: z.string().nullable(), summary: ratingSummarySchema })
  .meta({ id: 'ReviewsPage' });
export type ReviewsPageDto = z.infer<typeof reviewsPageSchema>;

export const reviewsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** What a reviewer's link opens: the event, the truck, and whether a review can be written now. */
export const reviewInvitationSchema = z
  .object({
    truckId: z.number().int(),
    truckName: z.string(),
    eventTitle: z.string(),
    /** Null when a review can be written; otherwise why not. */
    refusal: z.string().nullable(),
    existing: reviewSchema.nullable(),
  })
  .meta({ id: 'ReviewInvitation' });
export type ReviewInvitationDto = z.infer<typeof reviewInvitationSchema>;

export const reviewTokenQuerySchema = z.object({ token: z.string().max(200).optional() });
