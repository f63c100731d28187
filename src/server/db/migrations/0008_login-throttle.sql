ALTER TABLE "rate_limits" ADD COLUMN "last_hit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");