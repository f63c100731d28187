import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { VISIBLE_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { perDatabase } from '../db/prepared';
import { eventMenuItems, events, menuItems, pendingOrderItems, pendingOrders, users } from '../db/schema';
import type { SalesTaxRule } from '../../core/tips-and-tax';

const value = sql.placeholder;

/** A cart's menu item as `eventWithCart` reads it. */
export interface CartItemRow {
  id: number;
  /** The truck's price, a decimal string ("12.50") */
  price: string;
  offered: boolean;
  listed: boolean;
}

/**
 * The order path's statements, prepared once per database: every diner's checkout runs each of them,
 * so neither the app (building the SQL) nor the database (parsing and planning it) should do that work
 * again for every order (docs/decisions/088-orders-without-an-event-lock.md, 095-order-path-cpu.md).
 */
export const orderQueries = perDatabase((db) => ({
  orderOfIntent: db
    .select({ order: pendingOrders, event: events })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(eq(pendingOrders.stripePaymentIntentId, sql.placeholder('intentId')))
    .prepare('orders_order_of_intent'),
  /** An order of an event; its event is read only if a sync must change the order. */
  orderOfEvent: db
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.id, sql.placeholder('orderId')),
        eq(pendingOrders.eventId, sql.placeholder('eventId')),
      ),
    )
    .prepare('orders_order_of_event'),
  /**
   * An event with the items of a cart: the truck's active items among `ids`, each with its price (as
   * a decimal string) and whether this event offers it (an event that lists no items offers the
   * truck's whole menu). One round trip for everything a new order is checked against.
   */
  eventWithCart: db
    .select({
      event: events,
      // The truck's sales tax (decision 189), the event's own rate taking precedence.
      salesTax: sql<SalesTaxRule>`(
        select json_build_object(
                 'basisPoints', coalesce(${events}.sales_tax_basis_points, truck.sales_tax_basis_points),
                 'onFood', truck.sales_tax_on_food,
                 'onMarkup', truck.sales_tax_on_markup)
          from ${users} truck
         where truck.id = ${events}.food_truck_id)`,
      // Written out with aliases: Drizzle leaves the columns of a one-table select unqualified.
      cart: sql<CartItemRow[]>`(
        select coalesce(json_agg(json_build_object(
                 'id', item.id,
                 'price', item.price::text,
                 'offered', offer.id is not null,
                 'listed', exists (select 1 from ${eventMenuItems} listing where listing.event_id = ${events}.id)
               )), '[]'::json)
          from ${menuItems} item
          left join ${eventMenuItems} offer on offer.event_id = ${events}.id and offer.menu_item_id = item.id
         where item.id = any(${value('ids')}::integer[])
           and item.food_truck_id = ${events}.food_truck_id
           and item.is_active)`,
    })
    .from(events)
    .where(eq(events.id, value('eventId')))
    .prepare('orders_event_with_cart'),
  attachPaymentIntent: db
    .update(pendingOrders)
    .set({ stripePaymentIntentId: sql`${value('intentId')}` })
    .where(eq(pendingOrders.id, value('orderId')))
    .prepare('orders_attach_payment_intent'),
}));

/** An order by its id, or undefined. */
export async function findOrder(db: DbOrTx, orderId: number) {
  const [order] = await db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  return order;
}

/**
 * The orders of an event a diner's list may show, among those of a browser session and one order
 * named by a receipt link (the caller checks the link's token). A hold released by someone else (a
 * call-off, the start, an unpaid failure) stays on the diner's list with what happened to it; one the
 * diner cancelled leaves it.
 */
export function listedOrdersOfDiner(
  db: DbOrTx,
  eventId: number,
  diner: { visitorKey: string | undefined; order: number | undefined },
) {
  const { visitorKey, order } = diner;
  return db
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        or(
          inArray(pendingOrders.status, [...VISIBLE_ORDER_STATUSES]),
          and(
            eq(pendingOrders.status, 'cancelled'),
            isNotNull(pendingOrders.authorizedAt),
            or(isNull(pendingOrders.cancelRequestedBy), ne(pendingOrders.cancelRequestedBy, 'diner')),
          ),
        ),
        order === undefined
          ? eq(pendingOrders.ownerSessionKey, visitorKey!)
          : or(
              visitorKey === undefined ? undefined : eq(pendingOrders.ownerSessionKey, visitorKey),
              eq(pendingOrders.id, order),
            ),
      ),
    );
}

/** A line of an order with its dish's name; prices are integer cents. */
export interface OrderLineRow {
  orderId: number;
  menuItemId: number;
  name: string;
  quantity: number;
  /** What the diner paid for one, markup and fee included. */
  unitCents: number;
  /** The truck's menu price for one when ordered. */
  baseCents: number;
}

/**
 * The lines of the given orders, each with its dish's name, in the order they were written: the one
 * place the order-lines join is written.
 */
export async function loadOrderLines(db: DbOrTx, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: pendingOrderItems.pendingOrderId,
      menuItemId: pendingOrderItems.menuItemId,
      name: menuItems.name,
      quantity: pendingOrderItems.quantity,
      unitCents: pendingOrderItems.priceAtTime,
      baseCents: pendingOrderItems.basePriceAtTime,
    })
    .from(pendingOrderItems)
    .innerJoin(menuItems, eq(menuItems.id, pendingOrderItems.menuItemId))
    .where(inArray(pendingOrderItems.pendingOrderId, orderIds))
    .orderBy(asc(pendingOrderItems.id));
}

/** An event as a new order is checked against it, with the cart's items (`orderQueries().eventWithCart`). */
export interface EventWithCart {
  event: typeof events.$inferSelect;
  cart: CartItemRow[];
  /** The sales tax the event charges (the truck's rate, or the event's override; decision 189). */
  salesTax: SalesTaxRule;
}

/** The event and the cart's items, in one read. */
export async function loadEventWithCart(
  ctx: { db: DbOrTx },
  eventId: number,
  input: { items: ReadonlyArray<{ menuItemId: number }> },
): Promise<EventWithCart | undefined> {
  const ids = [...new Set(input.items.map((i) => i.menuItemId))];
  const [found] = await orderQueries(ctx.db).eventWithCart.execute({ eventId, ids });
  return found;
}
