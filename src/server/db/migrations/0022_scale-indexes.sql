DROP INDEX "pending_orders_sweep_idx";--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pending_orders_event_id_idx" ON "pending_orders" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "pending_orders_stale_pending_idx" ON "pending_orders" USING btree ("updated_at") WHERE "pending_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pending_orders_stale_hold_idx" ON "pending_orders" USING btree ("authorized_at") WHERE "pending_orders"."status" = 'confirmed' and "pending_orders"."mode" = 'hold';--> statement-breakpoint
CREATE INDEX "pending_orders_unfixed_idx" ON "pending_orders" USING btree ("fix_payment_deadline") WHERE "pending_orders"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "pending_orders_open_checkout_idx" ON "pending_orders" USING btree ("event_id") WHERE "pending_orders"."status" in ('pending', 'failed');