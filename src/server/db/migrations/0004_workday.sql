ALTER TABLE "menu_items" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "fulfilment" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_orders_pickup_code_idx" ON "pending_orders" USING btree ("event_id","pickup_code");