CREATE TABLE "truck_unavailability" (
	"id" serial PRIMARY KEY NOT NULL,
	"truck_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unavailable_weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "truck_unavailability" ADD CONSTRAINT "truck_unavailability_truck_id_users_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truck_unavailability_truck_idx" ON "truck_unavailability" USING btree ("truck_id","ends_on");