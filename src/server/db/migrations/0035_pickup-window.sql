CREATE TABLE "event_pickup_slots" (
	"event_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_pickup_slots_event_id_starts_at_pk" PRIMARY KEY("event_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "order_pickups" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"slot_at" timestamp with time zone,
	"text_to" text
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider_sid" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_pickup_slots" ADD CONSTRAINT "event_pickup_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_order_id_pending_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pending_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_order_id_pending_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pending_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_pickups_event_slot_idx" ON "order_pickups" USING btree ("event_id","slot_at");--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_order_kind_idx" ON "text_messages" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "text_messages_due_idx" ON "text_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- The pickup window (docs/decisions/226-pickup-slots.md). A slot's orders are counted by the database
-- as stock is (migration stock-per-event): an order holds its slot while `order_holds_stock` says it
-- holds, so no writer of orders can forget to give a slot back, and the last place in a slot is
-- serialized by that slot's row lock.
CREATE OR REPLACE FUNCTION take_pickup_slot() RETURNS trigger AS $$
DECLARE
  slot record;
BEGIN
  IF NEW.slot_at IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE event_pickup_slots SET held = held + 1
   WHERE event_id = NEW.event_id AND starts_at = NEW.slot_at
   RETURNING held, capacity, closed INTO slot;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FT002', MESSAGE = 'pickup_slot_unknown';
  END IF;
  IF slot.closed OR slot.held > slot.capacity THEN
    RAISE EXCEPTION USING ERRCODE = 'FT002', MESSAGE = 'pickup_slot_full';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_pickups_take_slot AFTER INSERT ON order_pickups
  FOR EACH ROW EXECUTE FUNCTION take_pickup_slot();
--> statement-breakpoint
-- An order that stops holding (released, cancelled, refunded, owed back) gives its place back; one
-- that holds again (a charge reported after a release) takes it again, even past the capacity.
CREATE OR REPLACE FUNCTION move_pickup_slot() RETURNS trigger AS $$
BEGIN
  IF order_holds_stock(OLD.status, OLD.refund_due_at) = order_holds_stock(NEW.status, NEW.refund_due_at) THEN
    RETURN NULL;
  END IF;
  UPDATE event_pickup_slots s
     SET held = greatest(0, s.held + CASE WHEN order_holds_stock(NEW.status, NEW.refund_due_at) THEN 1 ELSE -1 END)
    FROM order_pickups p
   WHERE p.order_id = NEW.id AND p.slot_at IS NOT NULL
     AND s.event_id = p.event_id AND s.starts_at = p.slot_at;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_orders_move_pickup_slot AFTER UPDATE OF status, refund_due_at ON pending_orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.refund_due_at IS DISTINCT FROM NEW.refund_due_at)
  EXECUTE FUNCTION move_pickup_slot();
