ALTER TABLE "forecast_estimates" ADD COLUMN "system_periods" real[];--> statement-breakpoint
ALTER TABLE "forecast_listings" ADD COLUMN "bt_buckets" jsonb;