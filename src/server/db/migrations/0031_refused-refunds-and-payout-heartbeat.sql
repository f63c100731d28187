ALTER TABLE "order_refunds" ADD COLUMN "gave_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settled_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_gave_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD COLUMN "refund_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_gave_up_idx" ON "order_refunds" USING btree ("gave_up_at") WHERE "order_refunds"."gave_up_at" is not null and "order_refunds"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "pending_orders_refund_gave_up_idx" ON "pending_orders" USING btree ("refund_gave_up_at") WHERE "pending_orders"."refund_gave_up_at" is not null and "pending_orders"."refund_settled_at" is null;