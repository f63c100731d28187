import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { averageRating } from '../../core/reviews';
import type { ReviewDto, ReviewsPageDto } from '../../contract/reviews';
import type { Db } from '../db/client';
import { invalidPageCursor } from '../db/keyset-page';
import { events, truckReviews } from '../db/schema';

const PAGE_SIZE = 10;

type ReviewRow = typeof truckReviews.$inferSelect;

export function toReviewDto(row: ReviewRow, eventTitle: string): ReviewDto {
  return {
    id: row.id,
    truckId: row.truckId,
    eventId: row.eventId,
    eventTitle,
    author: row.author,
    authorName: row.authorName,
    rating: row.rating,
    body: row.body,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = new Date(String(at));
    if (typeof at === 'string' && Number.isSafeInteger(id) && !isNaN(date.getTime()))
      return { at: date, id: id as number };
  } catch {
    // the same answer as any other nonsense
  }
  throw invalidPageCursor();
}

/** A truck's reviews, newest first, a page at a time (keyset on time and id), with its summary. */
export async function listTruckReviews(
  db: Db,
  truckId: number,
  cursor: string | undefined,
): Promise<ReviewsPageDto> {
  const after = cursor ? decodeCursor(cursor) : null;
  const [rows, summaries] = await Promise.all([
    db
      .select({ review: truckReviews, eventTitle: events.title })
      .from(truckReviews)
      .innerJoin(events, eq(events.id, truckReviews.eventId))
      .where(
        and(
          eq(truckReviews.truckId, truckId),
          isNull(truckReviews.removedAt),
          after
            ? sql`(${truckReviews.createdAt}, ${truckReviews.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(truckReviews.createdAt), desc(truckReviews.id))
      .limit(PAGE_SIZE + 1),
    readRatingSummaries(db, [truckId]),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1)?.review;
  return {
    reviews: page.map((r) => toReviewDto(r.review, r.eventTitle)),
    nextCursor:
      rows.length > PAGE_SIZE && last
        ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url')
        : null,
    summary: summaries.get(truckId) ?? null,
  };
}

/** Average and count of the reviews still shown, per truck. */
export async function readRatingSummaries(db: Db, truckIds: readonly number[]) {
  const summaries = new Map<number, { average: number; count: number }>();
  if (truckIds.length === 0) return summaries;
  const rows = await db
    .select({
      truckId: truckReviews.truckId,
      sum: sql<number>`sum(${truckReviews.rating})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(truckReviews)
    .where(and(inArray(truckReviews.truckId, [...truckIds]), isNull(truckReviews.removedAt)))
    .groupBy(truckReviews.truckId);
  for (const row of rows) {
    summaries.set(row.truckId, { average: averageRating(row.sum, row.count), count: row.count });
  }
  return summaries;
}
