CREATE TABLE "provider_pacing" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "capture_method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "capture_claim_token" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "cancel_requested_by" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refunded_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator_intents" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pending_orders_refund_due_idx" ON "pending_orders" USING btree ("refund_due_at") WHERE "pending_orders"."refund_due_at" is not null and "pending_orders"."refunded_at" is null;