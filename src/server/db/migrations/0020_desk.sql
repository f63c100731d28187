ALTER TABLE "chat_messages" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;