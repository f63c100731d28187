CREATE TABLE "truck_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"truck_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"author" text NOT NULL,
	"order_id" integer,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "truck_reviews" ADD CONSTRAINT "truck_reviews_truck_id_users_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_reviews" ADD CONSTRAINT "truck_reviews_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_reviews" ADD CONSTRAINT "truck_reviews_order_id_pending_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pending_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_unavailability" ADD CONSTRAINT "truck_unavailability_truck_id_users_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truck_reviews_truck_idx" ON "truck_reviews" USING btree ("truck_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_reviews_order_idx" ON "truck_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_reviews_organizer_event_idx" ON "truck_reviews" USING btree ("event_id") WHERE "truck_reviews"."author" = 'organizer';--> statement-breakpoint
CREATE INDEX "truck_unavailability_truck_idx" ON "truck_unavailability" USING btree ("truck_id","ends_on");