CREATE TABLE "event_line_tallies" (
	"event_id" integer NOT NULL,
	"owed_back" boolean NOT NULL,
	"menu_item_id" integer NOT NULL,
	"base_price_at_time" numeric(14, 2) NOT NULL,
	"price_at_time" numeric(14, 2) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_line_tallies_event_id_owed_back_menu_item_id_base_price_at_time_price_at_time_pk" PRIMARY KEY("event_id","owed_back","menu_item_id","base_price_at_time","price_at_time")
);
--> statement-breakpoint
CREATE TABLE "event_order_counts" (
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_order_counts_event_id_kind_pk" PRIMARY KEY("event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "event_line_tallies" ADD CONSTRAINT "event_line_tallies_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_line_tallies" ADD CONSTRAINT "event_line_tallies_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_order_counts" ADD CONSTRAINT "event_order_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_orders_event_notes_idx" ON "pending_orders" USING btree ("event_id","id") WHERE "pending_orders"."note" is not null;--> statement-breakpoint
-- An event's order totals kept as counters (docs/decisions/200-order-totals-kept-as-counters.md): the
-- organizer's first page of orders, the truck's bookings and its event day read these rows instead of
-- counting the event's orders. Triggers keep them, so every writer of orders (the order engine, the
-- call-off, the sweeps, corrections, the window's taps, and any to come) keeps them exact in its own
-- transaction. An order counts while it is held or charged (`COUNTED_ORDER_STATUSES`), in `counted`
-- unless it is owed back (then `owed_back`); `collected` counts those of them handed over.
CREATE OR REPLACE FUNCTION order_tally_kind(status text, refund_due_at timestamptz) RETURNS text AS $$
  SELECT CASE WHEN status IN ('confirmed', 'charged')
              THEN CASE WHEN refund_due_at IS NULL THEN 'counted' ELSE 'owed_back' END END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Moves one order from (old_kind, old_collected) to (new_kind, new_collected) in its event's tallies:
-- its count, and with a change of kind its lines' quantities. Rows are taken in key order within each
-- table, counts before lines, so two orders never wait on each other's rows in opposite orders.
CREATE OR REPLACE FUNCTION tally_order_move(
  o_id integer, o_event integer, old_kind text, old_collected boolean, new_kind text, new_collected boolean
) RETURNS void AS $$
BEGIN
  INSERT INTO event_order_counts AS c (event_id, kind, orders)
    SELECT o_event, d.kind, sum(d.n)::integer
      FROM (VALUES (old_kind, -1), (new_kind, 1),
                   (CASE WHEN old_collected THEN 'collected' END, -1),
                   (CASE WHEN new_collected THEN 'collected' END, 1)) AS d(kind, n)
     WHERE d.kind IS NOT NULL
     GROUP BY d.kind HAVING sum(d.n) <> 0
     ORDER BY d.kind
    ON CONFLICT (event_id, kind) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  IF old_kind IS DISTINCT FROM new_kind THEN
    INSERT INTO event_line_tallies AS t
        (event_id, owed_back, menu_item_id, base_price_at_time, price_at_time, quantity)
      SELECT o_event, d.kind = 'owed_back', i.menu_item_id, i.base_price_at_time, i.price_at_time,
             sum(d.n * i.quantity)::integer
        FROM pending_order_items i
        CROSS JOIN (VALUES (old_kind, -1), (new_kind, 1)) AS d(kind, n)
       WHERE i.pending_order_id = o_id AND d.kind IS NOT NULL
       GROUP BY 2, 3, 4, 5 HAVING sum(d.n * i.quantity) <> 0
       ORDER BY 2, 3, 4, 5
      ON CONFLICT (event_id, owed_back, menu_item_id, base_price_at_time, price_at_time)
      DO UPDATE SET quantity = t.quantity + EXCLUDED.quantity;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_order() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tally_order_move(NEW.id, NEW.event_id, NULL, false,
      order_tally_kind(NEW.status, NEW.refund_due_at), NEW.fulfilment IS NOT DISTINCT FROM 'collected');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM tally_order_move(OLD.id, OLD.event_id, order_tally_kind(OLD.status, OLD.refund_due_at),
      OLD.fulfilment IS NOT DISTINCT FROM 'collected', NULL, false);
  ELSIF OLD.event_id <> NEW.event_id THEN
    PERFORM tally_order_move(OLD.id, OLD.event_id, order_tally_kind(OLD.status, OLD.refund_due_at),
      OLD.fulfilment IS NOT DISTINCT FROM 'collected', NULL, false);
    PERFORM tally_order_move(NEW.id, NEW.event_id, NULL, false,
      order_tally_kind(NEW.status, NEW.refund_due_at), NEW.fulfilment IS NOT DISTINCT FROM 'collected');
  ELSE
    PERFORM tally_order_move(NEW.id, NEW.event_id,
      order_tally_kind(OLD.status, OLD.refund_due_at), OLD.fulfilment IS NOT DISTINCT FROM 'collected',
      order_tally_kind(NEW.status, NEW.refund_due_at), NEW.fulfilment IS NOT DISTINCT FROM 'collected');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- `collected` only counts for an order that counts (kind not null), so the move is computed on the pair.
CREATE TRIGGER pending_orders_tally_insert AFTER INSERT ON pending_orders
  FOR EACH ROW WHEN (order_tally_kind(NEW.status, NEW.refund_due_at) IS NOT NULL)
  EXECUTE FUNCTION tally_order();
--> statement-breakpoint
CREATE TRIGGER pending_orders_tally_delete AFTER DELETE ON pending_orders
  FOR EACH ROW WHEN (order_tally_kind(OLD.status, OLD.refund_due_at) IS NOT NULL)
  EXECUTE FUNCTION tally_order();
--> statement-breakpoint
-- The order path's updates that change none of this (a capture: held to charged; claims, attempts)
-- are filtered by the WHEN clause, without calling a function.
CREATE TRIGGER pending_orders_tally_update AFTER UPDATE OF status, refund_due_at, fulfilment, event_id
  ON pending_orders
  FOR EACH ROW
  WHEN (order_tally_kind(OLD.status, OLD.refund_due_at) IS DISTINCT FROM order_tally_kind(NEW.status, NEW.refund_due_at)
        OR (order_tally_kind(NEW.status, NEW.refund_due_at) IS NOT NULL
            AND (OLD.fulfilment IS NOT DISTINCT FROM 'collected') <> (NEW.fulfilment IS NOT DISTINCT FROM 'collected'))
        OR OLD.event_id <> NEW.event_id)
  EXECUTE FUNCTION tally_order();
--> statement-breakpoint
-- Lines are written with their order while it is pending (nothing to count); a line added to or taken
-- from an order that counts moves its quantity all the same.
CREATE OR REPLACE FUNCTION tally_line_move(line pending_order_items, sign integer) RETURNS void AS $$
DECLARE
  o record;
BEGIN
  SELECT event_id, order_tally_kind(status, refund_due_at) AS kind INTO o
    FROM pending_orders WHERE id = line.pending_order_id;
  IF o.kind IS NOT NULL THEN
    INSERT INTO event_line_tallies AS t
        (event_id, owed_back, menu_item_id, base_price_at_time, price_at_time, quantity)
      VALUES (o.event_id, o.kind = 'owed_back', line.menu_item_id, line.base_price_at_time,
              line.price_at_time, sign * line.quantity)
      ON CONFLICT (event_id, owed_back, menu_item_id, base_price_at_time, price_at_time)
      DO UPDATE SET quantity = t.quantity + EXCLUDED.quantity;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_order_line() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tally_line_move(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tally_line_move(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_order_items_tally AFTER INSERT OR UPDATE OR DELETE ON pending_order_items
  FOR EACH ROW EXECUTE FUNCTION tally_order_line();
--> statement-breakpoint
-- Counts the given events' tallies again from their orders (the backfill below; the scale bench's
-- seed, which writes with triggers off). Not for a running app's events: a writer between the delete
-- and the insert would be counted twice.
CREATE OR REPLACE FUNCTION recount_event_tallies(ids integer[]) RETURNS void AS $$
BEGIN
  DELETE FROM event_order_counts WHERE event_id = ANY(ids);
  DELETE FROM event_line_tallies WHERE event_id = ANY(ids);
  INSERT INTO event_order_counts (event_id, kind, orders)
    SELECT o.event_id, k.kind, count(*)::integer
      FROM pending_orders o
     CROSS JOIN LATERAL (VALUES (order_tally_kind(o.status, o.refund_due_at)),
       (CASE WHEN order_tally_kind(o.status, o.refund_due_at) IS NOT NULL
              AND o.fulfilment = 'collected' THEN 'collected' END)) AS k(kind)
     WHERE o.event_id = ANY(ids) AND k.kind IS NOT NULL
     GROUP BY o.event_id, k.kind;
  INSERT INTO event_line_tallies (event_id, owed_back, menu_item_id, base_price_at_time, price_at_time, quantity)
    SELECT o.event_id, order_tally_kind(o.status, o.refund_due_at) = 'owed_back', i.menu_item_id,
           i.base_price_at_time, i.price_at_time, sum(i.quantity)::integer
      FROM pending_orders o
      JOIN pending_order_items i ON i.pending_order_id = o.id
     WHERE o.event_id = ANY(ids) AND order_tally_kind(o.status, o.refund_due_at) IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT recount_event_tallies(array(SELECT id FROM events));
