CREATE INDEX "listings_sku_idx" ON "listings" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "listings_shop_created_idx" ON "listings" USING btree ("shop_id","created_at");