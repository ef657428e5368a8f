CREATE INDEX "listings_asin_trgm" ON "listings" USING gin ("asin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_title_trgm" ON "listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_sku_trgm" ON "skus" USING gin ("sku" gin_trgm_ops);