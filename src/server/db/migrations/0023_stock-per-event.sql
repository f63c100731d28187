CREATE TABLE "event_item_stock" (
	"event_id" integer NOT NULL,
	"menu_item_id" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_item_stock_event_id_menu_item_id_pk" PRIMARY KEY("event_id","menu_item_id")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "stock_per_event" integer;--> statement-breakpoint
ALTER TABLE "event_item_stock" ADD CONSTRAINT "event_item_stock_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_item_stock" ADD CONSTRAINT "event_item_stock_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Stock per event (docs/decisions/196-stock-per-event.md). Units are taken and given back by the
-- database, so that no writer of orders (there are several) can forget to, and the last units are
-- serialized by the row lock of the item's count, not by the event.
-- An order holds its units while it is pending, confirmed, charged or failed, and not owed back:
-- `HOLDS_STOCK_STATUSES` in src/core/stock.ts says the same.
CREATE OR REPLACE FUNCTION order_holds_stock(status text, refund_due_at timestamptz) RETURNS boolean AS $$
  SELECT status IN ('pending', 'confirmed', 'charged', 'failed') AND refund_due_at IS NULL
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A new order line of a limited item takes its units; past the limit the whole statement (the order,
-- its lines and its transition) is refused with SQLSTATE FT001 and what is left in the message.
CREATE OR REPLACE FUNCTION take_item_stock() RETURNS trigger AS $$
DECLARE
  item_limit integer;
  order_event integer;
  now_held integer;
BEGIN
  SELECT stock_per_event INTO item_limit FROM menu_items WHERE id = NEW.menu_item_id;
  IF item_limit IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT event_id INTO order_event FROM pending_orders WHERE id = NEW.pending_order_id;
  INSERT INTO event_item_stock AS s (event_id, menu_item_id, held)
    VALUES (order_event, NEW.menu_item_id, NEW.quantity)
    ON CONFLICT (event_id, menu_item_id) DO UPDATE SET held = s.held + EXCLUDED.held
    RETURNING s.held INTO now_held;
  IF now_held > item_limit THEN
    RAISE EXCEPTION USING ERRCODE = 'FT001',
      MESSAGE = format('stock_exhausted:%s:%s', NEW.menu_item_id, greatest(0, item_limit - (now_held - NEW.quantity)));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_order_items_take_stock AFTER INSERT ON pending_order_items
  FOR EACH ROW EXECUTE FUNCTION take_item_stock();
--> statement-breakpoint
-- An order that stops holding (released, cancelled, refunded, owed back) gives its units back; one that
-- holds again (a charge reported after a release) takes them again. Items in id order, as lines are
-- inserted, so two orders never wait on each other's rows in opposite orders.
CREATE OR REPLACE FUNCTION move_item_stock() RETURNS trigger AS $$
DECLARE
  direction integer;
  line record;
BEGIN
  IF order_holds_stock(OLD.status, OLD.refund_due_at) = order_holds_stock(NEW.status, NEW.refund_due_at) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM event_item_stock WHERE event_id = NEW.event_id) THEN
    RETURN NULL;
  END IF;
  direction := CASE WHEN order_holds_stock(NEW.status, NEW.refund_due_at) THEN 1 ELSE -1 END;
  FOR line IN
    SELECT menu_item_id, sum(quantity)::integer AS quantity FROM pending_order_items
     WHERE pending_order_id = NEW.id GROUP BY menu_item_id ORDER BY menu_item_id
  LOOP
    UPDATE event_item_stock SET held = greatest(0, held + direction * line.quantity)
     WHERE event_id = NEW.event_id AND menu_item_id = line.menu_item_id;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_orders_move_stock AFTER UPDATE OF status, refund_due_at ON pending_orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.refund_due_at IS DISTINCT FROM NEW.refund_due_at)
  EXECUTE FUNCTION move_item_stock();
