import { and, eq, isNull } from 'drizzle-orm';
import { reviewerFirstName, reviewRefusal, type ReviewInput } from '../../core/reviews';
import type { ReviewDto, ReviewInvitationDto } from '../../contract/reviews';
import type { Db } from '../db/client';
import { events, pendingOrders, truckReviews, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { isUniqueViolation } from '../db/unique-violation';
import { findEventOf } from '../events/event-party';
import { toReviewDto } from './review-queries';

type EventRow = typeof events.$inferSelect;

async function truckName(db: Db, truckId: number): Promise<string> {
  const [truck] = await db
    .select({ businessName: users.businessName, username: users.username })
    .from(users)
    .where(eq(users.id, truckId));
  return truck?.businessName ?? truck?.username ?? 'the truck';
}

async function invitation(
  db: Db,
  event: EventRow,
  refusal: string | null,
  existing: typeof truckReviews.$inferSelect | undefined,
): Promise<ReviewInvitationDto> {
  return {
    truckId: event.foodTruckId,
    truckName: await truckName(db, event.foodTruckId),
    eventTitle: event.title,
    refusal: existing ? 'You already reviewed this truck for this event' : refusal,
    existing: existing ? toReviewDto(existing, event.title) : null,
  };
}

/** The organizer's own event, and its review if there is one. */
async function organizerEvent(db: Db, organizerId: number, eventId: number) {
  const event = await findEventOf(
    db,
    eventId,
    { organizerId },
    'Only the organizer of this event can review its truck',
  );
  const [existing] = await db
    .select()
    .from(truckReviews)
    .where(and(eq(truckReviews.eventId, eventId), eq(truckReviews.author, 'organizer')));
  return { event, existing };
}

export async function organizerInvitation(db: Db, organizerId: number, eventId: number, now: Date) {
  const { event, existing } = await organizerEvent(db, organizerId, eventId);
  return invitation(db, event, reviewRefusal(event, now), existing);
}

/**
 * Saves a review of the event's truck once, unless one was already written or the event does not take
 * one yet (or any more); the unique indexes decide a race, answered as a review already written.
 */
async function insertReview(
  db: Db,
  found: { event: EventRow; existing: unknown; refusal: string | null },
  author: Pick<typeof truckReviews.$inferInsert, 'author' | 'authorName' | 'orderId'>,
  input: ReviewInput,
  now: Date,
): Promise<ReviewDto> {
  const { event, existing, refusal } = found;
  if (existing)
    throw new DomainError('review_already_written', 'You already reviewed this truck for this event');
  if (refusal) throw new DomainError('review_refused', refusal);
  try {
    const [row] = await db
      .insert(truckReviews)
      .values({
        truckId: event.foodTruckId,
        eventId: event.id,
        ...author,
        rating: input.rating,
        body: input.body || null,
        createdAt: now,
      })
      .returning();
    return toReviewDto(row!, event.title);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError('review_already_written', 'You already reviewed this truck for this event');
    throw error;
  }
}

export async function writeOrganizerReview(
  db: Db,
  organizer: { id: number; username: string; businessName: string | null },
  eventId: number,
  input: ReviewInput,
  now: Date,
): Promise<ReviewDto> {
  const { event, existing } = await organizerEvent(db, organizer.id, eventId);
  return insertReview(
    db,
    { event, existing, refusal: reviewRefusal(event, now) },
    { author: 'organizer', authorName: organizer.businessName ?? organizer.username },
    input,
    now,
  );
}

/** The diner's order and event, for a holder of its review link (or the session that placed it). */
async function dinerOrder(
  db: Db,
  orderId: number,
  mayAccess: (order: typeof pendingOrders.$inferSelect) => boolean,
) {
  const [row] = await db
    .select({ order: pendingOrders, event: events })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(eq(pendingOrders.id, orderId));
  // One answer for "no such order" and "not yours": the link is the key.
  if (!row || !mayAccess(row.order)) throw new DomainError('order_not_found', 'Order not found');
  const [existing] = await db.select().from(truckReviews).where(eq(truckReviews.orderId, orderId));
  return { ...row, existing };
}

export async function dinerInvitation(
  db: Db,
  orderId: number,
  mayAccess: (order: typeof pendingOrders.$inferSelect) => boolean,
  now: Date,
) {
  const { order, event, existing } = await dinerOrder(db, orderId, mayAccess);
  return invitation(db, event, reviewRefusal(event, now, order), existing);
}

export async function writeDinerReview(
  db: Db,
  orderId: number,
  mayAccess: (order: typeof pendingOrders.$inferSelect) => boolean,
  input: ReviewInput,
  now: Date,
): Promise<ReviewDto> {
  const { order, event, existing } = await dinerOrder(db, orderId, mayAccess);
  return insertReview(
    db,
    { event, existing, refusal: reviewRefusal(event, now, order) },
    { author: 'diner', orderId: order.id, authorName: reviewerFirstName(order.customerName) },
    input,
    now,
  );
}

/** The truck answers a review of itself, once. */
export async function replyToReview(db: Db, truckId: number, reviewId: number, reply: string, now: Date) {
  const [review] = await db.select().from(truckReviews).where(eq(truckReviews.id, reviewId));
  if (!review || review.removedAt) throw new DomainError('review_not_found', 'Review not found');
  if (review.truckId !== truckId)
    throw new DomainError('not_the_reviewed_truck', 'Only the truck reviewed can answer');
  const [answered] = await db
    .update(truckReviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(truckReviews.id, reviewId), isNull(truckReviews.reply)))
    .returning();
  if (!answered) throw new DomainError('review_already_answered', 'You already answered this review');
  const [event] = await db
    .select({ title: events.title })
    .from(events)
    .where(eq(events.id, answered.eventId));
  return toReviewDto(answered, event?.title ?? '');
}

/** An admin takes a review down, with the reason kept. */
export async function removeReview(db: Db, reviewId: number, reason: string, now: Date): Promise<void> {
  const [removed] = await db
    .update(truckReviews)
    .set({ removedAt: now, removedReason: reason })
    .where(and(eq(truckReviews.id, reviewId), isNull(truckReviews.removedAt)))
    .returning({ id: truckReviews.id });
  if (!removed) throw new DomainError('review_not_found', 'Review not found, or already removed');
}
