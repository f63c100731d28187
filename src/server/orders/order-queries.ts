import { and, eq, sql } from 'drizzle-orm';
import { perDatabase, prepareStatement } from '../db/prepared';
import {
  eventMenuItems,
  events,
  menuItems,
  pendingOrderItems,
  pendingOrders,
  statusTransitions,
} from '../db/schema';

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
  /**
   * A new order, its lines (one array per column, unnested) and its first transition in one
   * statement, so in one round trip and atomic without a transaction. Answers the order's id, or no
   * row when this Idempotency-Key already made an order for the event. Values in driver form: money
   * as decimal strings, instants as ISO strings.
   */
  placeOrder: prepareStatement<{ id: number }>(
    db,
    'orders_place',
    sql`
        with placed as (
          insert into ${pendingOrders} (event_id, customer_name, customer_email, note, mode, capture_method,
              request_hash, status, total_amount, subtotal_amount, owner_session_key, idempotency_key,
              created_at, updated_at)
          values (${value('eventId')}, ${value('customerName')}, ${value('customerEmail')}, ${value('note')}, ${value('mode')},
              ${value('captureMethod')}, ${value('requestHash')}, 'pending', ${value('total')}::numeric,
              ${value('subtotal')}::numeric, ${value('ownerSessionKey')}, ${value('idempotencyKey')},
              ${value('at')}::timestamptz, ${value('at')}::timestamptz)
          on conflict (event_id, idempotency_key) do nothing
          returning id
        ), listed as (
          insert into ${pendingOrderItems} (pending_order_id, menu_item_id, quantity, price_at_time, base_price_at_time)
          select placed.id, line.menu_item_id, line.quantity, line.price_at_time, line.base_price_at_time
            from placed, unnest(${value('menuItemIds')}::integer[], ${value('quantities')}::integer[],
                                ${value('unitPrices')}::numeric[], ${value('basePrices')}::numeric[])
                   as line (menu_item_id, quantity, price_at_time, base_price_at_time)
        ), recorded as (
          insert into ${statusTransitions} (entity, entity_id, from_status, to_status, at)
          select 'order', placed.id, null, 'pending', ${value('at')}::timestamptz from placed
        )
        select id from placed`,
  ),
  attachPaymentIntent: db
    .update(pendingOrders)
    .set({ stripePaymentIntentId: sql`${value('intentId')}` })
    .where(eq(pendingOrders.id, value('orderId')))
    .prepare('orders_attach_payment_intent'),
}));
