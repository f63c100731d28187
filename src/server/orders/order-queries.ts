import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, pendingOrders } from '../db/schema';

/**
 * The order path's reads, prepared once per database: every diner's checkout runs each of them, so
 * neither the app (building the SQL) nor the database (parsing and planning it) should do that work
 * again for every order (docs/decisions/088-orders-without-an-event-lock.md).
 */
function prepare(db: Db) {
  return {
    eventById: db
      .select()
      .from(events)
      .where(eq(events.id, sql.placeholder('eventId')))
      .prepare('orders_event_by_id'),
    orderOfIntent: db
      .select({ order: pendingOrders, event: events })
      .from(pendingOrders)
      .innerJoin(events, eq(events.id, pendingOrders.eventId))
      .where(eq(pendingOrders.stripePaymentIntentId, sql.placeholder('intentId')))
      .prepare('orders_order_of_intent'),
    orderOfEvent: db
      .select({ order: pendingOrders, event: events })
      .from(pendingOrders)
      .innerJoin(events, eq(events.id, pendingOrders.eventId))
      .where(
        and(
          eq(pendingOrders.id, sql.placeholder('orderId')),
          eq(pendingOrders.eventId, sql.placeholder('eventId')),
        ),
      )
      .prepare('orders_order_of_event'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

export function orderQueries(db: Db): ReturnType<typeof prepare> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepare(db);
    prepared.set(db, queries);
  }
  return queries;
}
