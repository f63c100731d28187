import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { effectiveSalesTax } from '../../core/tips-and-tax';
import { eventDetailSchema, type EventDetailDto } from '../../contract/events';
import type { Db } from '../db/client';
import { eventMenuItems, events, users } from '../db/schema';
import { backerCountOfEvent } from '../progress/read-event-progress';
import { toTruckDto } from '../trucks/truck-dto';
import { toEventDto } from './event-dto';

/** The menu items an event offers, in the order they were chosen, as one column of the event's row. */
const offeredMenuItemIds = sql<
  number[] | null
>`(select array_agg(${eventMenuItems.menuItemId} order by ${eventMenuItems.id}) from ${eventMenuItems} where ${eventMenuItems.eventId} = "events"."id")`;

const organizers = alias(users, 'organizer');

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return db
    .select({
      event: events,
      truck: users,
      backerCount: backerCountOfEvent(),
      menuItemIds: offeredMenuItemIds,
      organizerName: sql<string>`coalesce(${organizers.businessName}, ${organizers.username})`,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(eq(events.id, sql.placeholder('id')))
    .prepare('event_detail');
}

/**
 * `GET /api/events/{id}`'s answer in one prepared query (event, truck, organizer, backers, offered menu), and
 * the event row for the access check. Null: no such event.
 */
export async function readEventDetail(
  db: Db,
  eventId: number,
): Promise<{ event: typeof events.$inferSelect; detail: EventDetailDto } | null> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({ id: eventId });
  if (!row) return null;
  const detail = eventDetailSchema.parse({
    ...toEventDto(row.event, {
      foodTruckName: row.truck.businessName ?? row.truck.username,
      cuisine: row.truck.cuisine,
      audience: 'public',
    }),
    foodTruck: toTruckDto(row.truck),
    backerCount: row.backerCount,
    menuItemIds: row.menuItemIds && row.menuItemIds.length > 0 ? row.menuItemIds : null,
    cause: row.event.cause,
    organizerName: row.organizerName,
    salesTax: effectiveSalesTax(
      {
        basisPoints: row.truck.salesTaxBasisPoints,
        onFood: row.truck.salesTaxOnFood,
        onMarkup: row.truck.salesTaxOnMarkup,
      },
      row.event.salesTaxBasisPoints,
    ),
  });
  return { event: row.event, detail };
}
