ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulator_transfers" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;