CREATE TABLE "event_guarantees" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"status" text DEFAULT 'saving' NOT NULL,
	"cap_cents" numeric(14, 2) NOT NULL,
	"stripe_customer_id" text,
	"stripe_setup_intent_id" text,
	"stripe_payment_method_id" text,
	"saved_at" timestamp with time zone,
	"notice_sent_at" timestamp with time zone,
	"amount_cents" numeric(14, 2),
	"claimed_at" timestamp with time zone,
	"claim_token" text,
	"stripe_payment_intent_id" text,
	"charged_at" timestamp with time zone,
	"refunded_cents" numeric(14, 2) DEFAULT 0 NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_guarantees" ADD CONSTRAINT "event_guarantees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_guarantees" ADD CONSTRAINT "event_guarantees_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_guarantees_event_idx" ON "event_guarantees" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_guarantees_setup_idx" ON "event_guarantees" USING btree ("stripe_setup_intent_id");--> statement-breakpoint
CREATE INDEX "event_guarantees_standing_idx" ON "event_guarantees" USING btree ("event_id") WHERE "event_guarantees"."status" in ('saved', 'charging');--> statement-breakpoint
-- Promo codes' uses (docs/decisions/222-promo-codes.md), taken and given back by the database as stock
-- is (migration stock-per-event): an order takes a use when it is written and holds it while
-- `order_holds_stock` says it holds; past `max_uses` the whole statement (order, lines, transition) is
-- refused with SQLSTATE FT002. The code's row lock serializes the last uses, so the limit holds under
-- any race.
CREATE OR REPLACE FUNCTION take_promo_use() RETURNS trigger AS $$
DECLARE
  limit_uses integer;
  now_uses integer;
BEGIN
  UPDATE promo_codes SET uses = uses + 1 WHERE id = NEW.promo_code_id
    RETURNING uses, max_uses INTO now_uses, limit_uses;
  IF limit_uses IS NOT NULL AND now_uses > limit_uses THEN
    RAISE EXCEPTION USING ERRCODE = 'FT002', MESSAGE = format('promo_used_up:%s', NEW.promo_code_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_orders_take_promo AFTER INSERT ON pending_orders
  FOR EACH ROW WHEN (NEW.promo_code_id IS NOT NULL)
  EXECUTE FUNCTION take_promo_use();
--> statement-breakpoint
-- An order that stops holding (released, cancelled, refunded, owed back) gives its use back; one that
-- holds again (a charge reported after a release) takes it again, never refused: the money is taken.
CREATE OR REPLACE FUNCTION move_promo_use() RETURNS trigger AS $$
BEGIN
  IF order_holds_stock(OLD.status, OLD.refund_due_at) = order_holds_stock(NEW.status, NEW.refund_due_at) THEN
    RETURN NULL;
  END IF;
  UPDATE promo_codes
     SET uses = greatest(0, uses + CASE WHEN order_holds_stock(NEW.status, NEW.refund_due_at) THEN 1 ELSE -1 END)
   WHERE id = NEW.promo_code_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_orders_move_promo AFTER UPDATE OF status, refund_due_at ON pending_orders
  FOR EACH ROW
  WHEN (NEW.promo_code_id IS NOT NULL AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.refund_due_at IS DISTINCT FROM NEW.refund_due_at))
  EXECUTE FUNCTION move_promo_use();
