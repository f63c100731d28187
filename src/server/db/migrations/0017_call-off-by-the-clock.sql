ALTER TABLE "events" ADD COLUMN "cut_short_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_reason" text;