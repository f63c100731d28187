ALTER TABLE "menu_items" ADD COLUMN "dietary_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "menu_items_dietary_tags_idx" ON "menu_items" USING gin ("dietary_tags");