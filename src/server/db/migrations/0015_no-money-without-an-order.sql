-- Money columns widen to numeric(14, 2) (docs/decisions/125-no-money-without-an-order.md). The events
-- triggers whose WHEN clause reads the row are dropped around the change and created again as they were.
DROP TRIGGER IF EXISTS events_progress_notify ON events;--> statement-breakpoint
DROP TRIGGER IF EXISTS events_public_read_update ON events;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "current_sales" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "minimum_sales" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "menu_items" ALTER COLUMN "price" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "planned_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "transferred_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "planned_reversal" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "reversed_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pending_order_items" ALTER COLUMN "price_at_time" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pending_order_items" ALTER COLUMN "base_price_at_time" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pending_orders" ALTER COLUMN "total_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pending_orders" ALTER COLUMN "subtotal_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pending_orders" ALTER COLUMN "refunded_amount" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "minimum_sales" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "thread" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_failure" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "sweep_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "sweep_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_thread_idx" ON "outbox" USING btree ("thread","id") WHERE "outbox"."status" = 'pending' and "outbox"."thread" is not null;--> statement-breakpoint
CREATE INDEX "pending_orders_sweep_idx" ON "pending_orders" USING btree ("sweep_after") WHERE "pending_orders"."status" in ('pending', 'failed', 'confirmed');
--> statement-breakpoint
CREATE TRIGGER events_progress_notify
  AFTER UPDATE OF current_sales, status, hidden ON events
  FOR EACH ROW
  WHEN (
    OLD.current_sales IS DISTINCT FROM NEW.current_sales
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.hidden IS DISTINCT FROM NEW.hidden
  )
  EXECUTE FUNCTION notify_event_progress();
--> statement-breakpoint
CREATE TRIGGER events_public_read_update
  AFTER UPDATE ON events
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_public_read();
