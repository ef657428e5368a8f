CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "mail_dialogues_recent_idx" ON "mail_dialogues" USING btree ("archived","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_dialogues_counts_idx" ON "mail_dialogues" USING btree ("mailbox_id","archived","status","market_id","dialogue_type");--> statement-breakpoint
CREATE INDEX "mail_dialogues_search_idx" ON "mail_dialogues" USING gin (("buyer_email" || ' ' || "buyer_name" || ' ' || "subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_messages_search_idx" ON "mail_messages" USING gin ("text_body" gin_trgm_ops);