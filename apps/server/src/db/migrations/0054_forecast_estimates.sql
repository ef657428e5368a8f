CREATE TABLE "forecast_estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"submitter_id" integer NOT NULL,
	"granularity" text NOT NULL,
	"start_day" date NOT NULL,
	"periods" integer[] NOT NULL,
	"total_units" integer NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"remark" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_estimates_granularity_ck" CHECK ("forecast_estimates"."granularity" IN ('week', 'month')),
	CONSTRAINT "forecast_estimates_status_ck" CHECK ("forecast_estimates"."status" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "forecast_listings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forecast_listings" ADD COLUMN "overridden_by" integer;--> statement-breakpoint
ALTER TABLE "forecast_listings" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forecast_listings" ADD COLUMN "override_reason" text;--> statement-breakpoint
CREATE INDEX "forecast_estimates_listing_idx" ON "forecast_estimates" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "forecast_estimates_status_idx" ON "forecast_estimates" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_estimates_open_uq" ON "forecast_estimates" USING btree ("listing_id") WHERE "forecast_estimates"."status" IN (2, 4);