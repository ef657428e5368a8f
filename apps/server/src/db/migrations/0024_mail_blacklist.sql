ALTER TABLE "mail_buyer_blocks" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_buyer_blocks" ADD COLUMN "source" text DEFAULT 'unsubscribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_buyer_blocks" ADD COLUMN "created_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_buyer_blocks_id_uq" ON "mail_buyer_blocks" USING btree ("id");--> statement-breakpoint
CREATE INDEX "mail_buyer_blocks_account_created_idx" ON "mail_buyer_blocks" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_buyer_blocks" ADD CONSTRAINT "mail_buyer_blocks_source_ck" CHECK ("mail_buyer_blocks"."source" IN ('manual', 'unsubscribe'));