ALTER TABLE "users" ADD COLUMN "area_lat" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area_lon" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area_geocoded_for" text;--> statement-breakpoint
CREATE INDEX "users_area_coordinates_idx" ON "users" USING btree ("area_lat","area_lon") WHERE "users"."area_lat" is not null and "users"."role" = 'foodtruck';