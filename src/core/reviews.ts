/**
 * Who may rate a truck, and when (docs/decisions/171-truck-reviews.md). Only what happened counts:
 * the organizer of an event that closed, and a diner whose order the truck handed over at it.
 */
import { z } from './schemas/zod-messages';
import type { EventStatus } from './event-status';

/** How long after the event's end a review can still be written. */
export const REVIEW_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  body: z.string().trim().max(1000, 'A review can be at most 1,000 characters').nullable().optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplySchema = z.object({
  reply: z.string().trim().min(1, 'Write your answer').max(1000, 'An answer can be at most 1,000 characters'),
});

export const reviewRemovalSchema = z.object({
  reason: z.string().trim().min(3, 'Say why it is removed').max(500, 'At most 500 characters'),
});

/** Why a review can't be written now, or null when it can. */
export function reviewRefusal(
  event: { status: EventStatus; endsAt: Date },
  now: Date,
  order?: { fulfilment: string | null; status: string },
): string | null {
  if (event.status !== 'closed' || event.endsAt > now) return 'Reviews open once the event has closed';
  if (now.getTime() - event.endsAt.getTime() > REVIEW_WINDOW_DAYS * DAY_MS) {
    return `Reviews close ${REVIEW_WINDOW_DAYS} days after the event`;
  }
  if (order && (order.fulfilment !== 'collected' || order.status !== 'charged')) {
    return 'Only diners who picked up their order can review the truck';
  }
  return null;
}

/** The first name a diner's review is shown with ("Dana R." → "Dana"). */
export function reviewerFirstName(name: string): string {
  return name.trim().split(/\s+/)[0]?.slice(0, 40) || 'A diner';
}

/** The average shown for `count` ratings adding up to `sum`: one decimal, halves up (14 / 3 → 4.7). */
export function averageRating(sum: number, count: number): number {
  return Math.round((sum * 10) / count) / 10;
}
