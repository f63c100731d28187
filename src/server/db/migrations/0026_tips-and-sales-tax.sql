ALTER TABLE "events" ADD COLUMN "sales_tax_basis_points" integer;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "tip_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_tax_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_tax_on_food" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_tax_on_markup" boolean DEFAULT false NOT NULL;