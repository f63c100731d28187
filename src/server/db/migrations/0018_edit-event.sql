CREATE TABLE "event_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"location" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"previous_date" date NOT NULL,
	"previous_start_time" varchar(5) NOT NULL,
	"previous_end_time" varchar(5) NOT NULL,
	"previous_location" text NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "schedule_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_change_requests" ADD CONSTRAINT "event_change_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_change_requests_one_pending_idx" ON "event_change_requests" USING btree ("event_id") WHERE "event_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_change_requests_event_idx" ON "event_change_requests" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_change_requests_due_idx" ON "event_change_requests" USING btree ("answer_by") WHERE "event_change_requests"."status" = 'pending';