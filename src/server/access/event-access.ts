import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loadSession, loadUser, type SessionUser } from '../auth/sessions';
import { events, pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { isValidOrderToken } from './order-access';

type EventRow = typeof events.$inferSelect;

/** Those who still see an event an admin has hidden: its organizer, its truck and admins. */
export function canSeeHiddenEvent(
  user: SessionUser | null,
  event: Pick<EventRow, 'organizerId' | 'foodTruckId'>,
): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.id === event.organizerId || user.id === event.foodTruckId;
}

/** A receipt link's order and its signature, as the event page passes them on. */
export interface Receipt {
  order?: number | undefined;
  token?: string | undefined;
}

/**
 * Whether the caller pre-ordered for this event: the browser that placed an order, or anyone holding
 * the signed link of its receipt. A hidden event stays theirs to see (decision 128), so a take-down
 * never strands a diner without their order page, pickup code, cancel or refund.
 */
export async function isDinerOfEvent(request: FastifyRequest, eventId: number, receipt: Receipt = {}) {
  const { db, config } = request.server.ctx;
  if (receipt.order !== undefined && receipt.token) {
    const [order] = await db
      .select({ id: pendingOrders.id })
      .from(pendingOrders)
      .where(and(eq(pendingOrders.id, receipt.order), eq(pendingOrders.eventId, eventId)));
    if (order && isValidOrderToken(config.sessionSecret, order.id, receipt.token)) return true;
  }
  const visitorKey = (await loadSession(request))?.data.visitorKey;
  if (!visitorKey) return false;
  const [mine] = await db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.ownerSessionKey, visitorKey)))
    .limit(1);
  return mine !== undefined;
}

/** Whether the caller may see this event although it is hidden: an insider, or one of its diners. */
export async function maySeeHiddenEvent(
  request: FastifyRequest,
  event: Pick<EventRow, 'id' | 'organizerId' | 'foodTruckId'>,
  receipt: Receipt = {},
): Promise<boolean> {
  return canSeeHiddenEvent(await loadUser(request), event) || isDinerOfEvent(request, event.id, receipt);
}

/**
 * The event, or the same 404 as a missing one when it is hidden and the caller may not see it, so
 * a taken-down event does not even reveal that it exists (docs/decisions/033-hidden-events.md).
 */
export async function findVisibleEvent(
  request: FastifyRequest,
  eventId: number,
  receipt: Receipt = {},
): Promise<EventRow> {
  const [event] = await request.server.ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new DomainError('event_not_found', 'Event not found');
  if (event.hidden && !(await maySeeHiddenEvent(request, event, receipt)))
    throw new DomainError('event_not_found', 'Event not found');
  return event;
}
