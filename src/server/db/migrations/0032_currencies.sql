CREATE TABLE "event_sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"order_id" integer,
	"name" text NOT NULL,
	"url" text,
	"logo_hash" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" numeric(14, 2),
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sponsor_min_cents" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "donation_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "donation_fee_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_logo_hash_images_hash_fk" FOREIGN KEY ("logo_hash") REFERENCES "public"."images"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_sponsors_event_idx" ON "event_sponsors" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_sponsors_order_idx" ON "event_sponsors" USING btree ("order_id") WHERE "event_sponsors"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "event_sponsors_logo_idx" ON "event_sponsors" USING btree ("logo_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_idx" ON "promo_codes" USING btree ("event_id","code");