ALTER TABLE "ppc_campaigns" ADD COLUMN "brand_name" text;--> statement-breakpoint
ALTER TABLE "ppc_campaigns" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "ppc_campaigns" ADD COLUMN "landing_asin" text;--> statement-breakpoint
CREATE INDEX "ppc_performance_shop_type_day_idx" ON "ppc_performance" USING btree ("shop_id","entity_type","day");