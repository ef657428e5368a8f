ALTER TABLE "ppc_campaigns" ADD COLUMN "brand_name" text;--> statement-breakpoint
ALTER TABLE "ppc_campaigns" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "ppc_campaigns" ADD COLUMN "landing_asin" text;