import { sql } from 'drizzle-orm';
import { perDatabase, prepareStatement } from '../db/prepared';
import { orderPickups, pendingOrderItems, pendingOrders, statusTransitions } from '../db/schema';

const value = sql.placeholder;

/**
 * A new order, its lines (one array per column, unnested) and its first transition in one
 * statement, so in one round trip and atomic without a transaction. Answers the order's id, or no
 * row when this Idempotency-Key already made an order for the event. Values in driver form: money
 * as decimal strings, instants as ISO strings.
 */
export const placeOrderStatement = perDatabase((db) =>
  prepareStatement<{ id: number }>(
    db,
    'orders_place',
    sql`
      with placed as (
        insert into ${pendingOrders} (event_id, customer_name, customer_email, note, mode, capture_method,
            request_hash, status, total_amount, subtotal_amount, tax_amount, tip_amount, discount_amount, promo_code_id, donation_amount,
            donation_fee_amount, currency, language, owner_session_key,
            idempotency_key, created_at, updated_at)
        values (${value('eventId')}, ${value('customerName')}, ${value('customerEmail')}, ${value('note')}, ${value('mode')},
            ${value('captureMethod')}, ${value('requestHash')}, 'pending', ${value('total')}::numeric,
            ${value('subtotal')}::numeric, ${value('tax')}::numeric, ${value('tip')}::numeric, ${value('discount')}::numeric, ${value('promoCodeId')}::integer,
            ${value('donation')}::numeric, ${value('donationFee')}::numeric, ${value('currency')}, ${value('language')},
            ${value('ownerSessionKey')}, ${value('idempotencyKey')},
            ${value('at')}::timestamptz, ${value('at')}::timestamptz)
        on conflict (event_id, idempotency_key) do nothing
        returning id
      ), listed as (
        insert into ${pendingOrderItems} (pending_order_id, menu_item_id, quantity, price_at_time, base_price_at_time)
        select placed.id, line.menu_item_id, line.quantity, line.price_at_time, line.base_price_at_time
          from placed, unnest(${value('menuItemIds')}::integer[], ${value('quantities')}::integer[],
                              ${value('unitPrices')}::numeric[], ${value('basePrices')}::numeric[])
                 as line (menu_item_id, quantity, price_at_time, base_price_at_time)
         -- In item order: a limited item's line takes its stock row's lock (migration stock-per-event).
         order by line.menu_item_id
      ), picked as (
        -- The pickup slot and the number for the ready text (decision 226): the row's trigger takes a
        -- place in the slot, or refuses the whole statement (migration pickup-window).
        insert into ${orderPickups} (order_id, event_id, slot_at, text_to)
        select placed.id, ${value('eventId')}, ${value('pickupSlot')}::timestamptz, ${value('textTo')}::text
          from placed
         where ${value('pickupSlot')}::timestamptz is not null or ${value('textTo')}::text is not null
      ), recorded as (
        insert into ${statusTransitions} (entity, entity_id, from_status, to_status, at)
        select 'order', placed.id, null, 'pending', ${value('at')}::timestamptz from placed
      )
      select id from placed`,
  ),
);
