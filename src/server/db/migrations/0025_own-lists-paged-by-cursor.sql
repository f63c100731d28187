DROP INDEX "events_organizer_idx";--> statement-breakpoint
CREATE INDEX "events_organizer_starts_idx" ON "events" USING btree ("organizer_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_truck_pending_idx" ON "events" USING btree ("food_truck_id","approval_expiry_date","id") WHERE "events"."status" = 'pending_approval';--> statement-breakpoint
CREATE INDEX "events_truck_starts_idx" ON "events" USING btree ("food_truck_id","starts_at","id");