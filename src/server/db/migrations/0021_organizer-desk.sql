ALTER TABLE "chat_messages" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "pending_orders_owner_session_idx" ON "pending_orders" USING btree ("owner_session_key");